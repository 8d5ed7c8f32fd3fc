'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { Info } from 'lucide-react';
import type { StoreInfo } from './store-info-modal';

// The modal (hours and holiday rules included) loads when the guest opens it, not with the menu page.
const StoreInfoModal = dynamic(() => import('./store-info-modal').then((m) => m.StoreInfoModal), {
  ssr: false,
});

/**
 * 'Store info': the button, and the store info modal once pressed. `more`: what the store header folds into it
 * on a phone (description, availability message and menu switch), shown under the address and phone.
 */
export function StoreInfoDialog({
  store,
  hasOrderItems,
  more,
}: {
  /** Only what the modal shows (the props of this client component go to the browser with the page). */
  store: StoreInfo;
  hasOrderItems: boolean;
  more?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-gray-300 px-3 text-sm font-semibold text-gray-900 hover:bg-gray-100"
      >
        <Info aria-hidden className="size-4" />
        Store info
      </button>
      {open ? (
        <StoreInfoModal
          store={store}
          hasOrderItems={hasOrderItems}
          open={open}
          setOpen={setOpen}
          more={more}
        />
      ) : null}
    </>
  );
}
