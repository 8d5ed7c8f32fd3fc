'use client';

import { useState } from 'react';
import { Clock } from 'lucide-react';
import { FULFILLMENT_METHOD, FULFILLMENT_METHOD_LABEL, PICKUP_TYPE } from '@storefront/contracts/enums';
import { DATE_FORMAT, formatInZone } from '@/lib/dates';
import type { StoreOrderSettings } from '../order-settings.queries';
import { OrderSettingsDialog } from './order-settings-dialog';

/** The store header's ETA line: method and time ('Pickup · ASAP (about 15 mins)'), with Edit opening Order Settings. */
export function OrderSettingsSummary({ settings }: { settings: StoreOrderSettings }) {
  const [open, setOpen] = useState(false);
  const method = settings.fulfillmentMethod;
  if (method === null) {
    return (
      <p className="text-sm text-gray-800">This store does not take pickup or delivery orders online.</p>
    );
  }
  const when =
    settings.time.kind === 'SCHEDULED'
      ? formatInZone(settings.time.at, settings.timeZone, DATE_FORMAT.dayTime)
      : settings.schedulingRequired
        ? 'Schedule required'
        : // No ready time left today: the spec's message; Edit lets the guest schedule instead.
          (settings.asapProblem ?? `ASAP (about ${settings.asapMinutes} mins)`);
  const how =
    method === FULFILLMENT_METHOD.DineIn && settings.fulfillmentPlace
      ? `Table ${settings.fulfillmentPlace}`
      : method === FULFILLMENT_METHOD.Pickup && settings.pickupOption === PICKUP_TYPE.Curbside
        ? `Curbside${settings.fulfillmentPlace ? `, space ${settings.fulfillmentPlace}` : ''}`
        : null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-gray-800">
      <Clock aria-hidden className="size-4" />
      <span>
        {FULFILLMENT_METHOD_LABEL[method]}
        {how ? ` (${how})` : ''}: <strong>{when}</strong>
      </span>
      <button
        type="button"
        className="min-h-8 rounded font-semibold text-gray-900 underline underline-offset-4"
        aria-label="Edit order settings"
        onClick={() => setOpen(true)}
      >
        Edit
      </button>
      {open ? (
        <OrderSettingsDialog
          open={open}
          onOpenChange={setOpen}
          settings={{ ...settings, fulfillmentMethod: method }}
        />
      ) : null}
    </p>
  );
}
