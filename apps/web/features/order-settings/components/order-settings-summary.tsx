'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Clock } from 'lucide-react';
import { FULFILLMENT_METHOD, FULFILLMENT_METHOD_LABEL, PICKUP_TYPE } from '@storefront/contracts/enum-values';
import type { StoreOrderSettings } from '../order-settings.queries';

// Loaded when the guest presses Edit: the dialog (tabs, address search, schedule) is not part of the menu
// page's first load.
const OrderSettingsDialog = dynamic(
  () => import('./order-settings-dialog').then((m) => m.OrderSettingsDialog),
  { ssr: false },
);

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
      ? settings.scheduledLabel
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
