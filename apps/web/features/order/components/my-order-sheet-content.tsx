'use client';

import { useState } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { focusedOpener, returnFocus } from '@/components/ui/dialog-frame';

/** The open mobile My Order sheet (loaded when first opened; see MyOrderSheet). */
export function MyOrderSheetContent({
  onClose,
  children,
}: {
  onClose: () => void;
  children: React.ReactNode;
}) {
  // Opened from state (the bag bar), not from a Radix trigger: focus goes back to the opener on close.
  const [opener] = useState(focusedOpener);
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus(opener);
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl bg-white shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <RadixDialog.Title className="text-xl font-bold">My Order</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="grid size-11 place-items-center rounded-full hover:bg-gray-100"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="sr-only">Items in your order</RadixDialog.Description>
          <div className="overflow-y-auto px-4 pb-6 pt-2">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
