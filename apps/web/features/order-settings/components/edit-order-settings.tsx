'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import type { FulfillmentMethod } from '@storefront/contracts/enum-values';
import type { StoreOrderSettings } from '../order-settings.queries';

// Loaded when the guest presses Edit: the dialog (tabs, address search, schedule) is not part of the menu
// page's first load.
const OrderSettingsDialog = dynamic(
  () => import('./order-settings-dialog').then((m) => m.OrderSettingsDialog),
  { ssr: false },
);

/** The store header's Edit: opens the Order Settings dialog. */
export function EditOrderSettings({
  settings,
}: {
  settings: StoreOrderSettings & { fulfillmentMethod: FulfillmentMethod };
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="min-h-8 rounded font-semibold text-gray-900 underline underline-offset-4"
        aria-label="Edit order settings"
        onClick={() => setOpen(true)}
      >
        Edit
      </button>
      {open ? <OrderSettingsDialog open={open} onOpenChange={setOpen} settings={settings} /> : null}
    </>
  );
}
