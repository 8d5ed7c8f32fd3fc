'use client';

import { useState } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { ShoppingBag, X } from 'lucide-react';

/**
 * The mobile My Order: a bar fixed at the bottom (item count and subtotal) that opens the order as a bottom
 * sheet (a Radix modal: focus trapped, Escape closes, focus returns to the bar).
 */
export function MyOrderSheet({
  countLabel,
  subtotalLabel,
  children,
}: {
  countLabel: string;
  subtotalLabel: string | null;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <div className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] md:hidden">
        <RadixDialog.Trigger className="flex min-h-12 w-full items-center justify-between gap-3 rounded-full bg-button px-5 py-2 font-semibold text-button-fg">
          <span className="flex items-center gap-2">
            <ShoppingBag aria-hidden className="size-5" />
            My Order
          </span>
          <span className="flex items-center gap-3">
            <span>{countLabel}</span>
            {subtotalLabel ? <span className="tabular-nums">{subtotalLabel}</span> : null}
          </span>
        </RadixDialog.Trigger>
      </div>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-gray-200 px-4 py-3">
            <RadixDialog.Title className="text-xl font-bold">My Order</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              className="grid size-10 place-items-center rounded-full hover:bg-gray-100"
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
