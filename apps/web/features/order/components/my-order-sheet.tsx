'use client';

import { useState } from 'react';
import dynamic from 'next/dynamic';
import { ShoppingBag } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useJustAdded } from './added-to-order';

const MyOrderSheetContent = dynamic(
  () => import('./my-order-sheet-content').then((m) => m.MyOrderSheetContent),
  { ssr: false },
);

/**
 * The mobile My Order: a bar fixed at the bottom (item count and subtotal) that opens the order as a bottom
 * sheet (a Radix modal: focus trapped, Escape closes, focus returns to the bar). The bar shows with an empty
 * order too, whose sheet says 'Your order will be shown here!' (issue 37, point 8, after issue 24 had hidden it);
 * it is marked and bumps for a moment after an add. The sheet's code loads when it first opens; an open sheet stays open when
 * its last line is removed.
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
  const { justAdded, ref } = useJustAdded<HTMLButtonElement>();
  return (
    <>
      {/* Shown also when the order is empty: its sheet then says 'Your order will be shown here!' (ordering spec
          section 2; the site footer leaves room for it below the page's last row). */}
      <div className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white p-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] md:hidden">
        <button
          ref={ref}
          type="button"
          aria-haspopup="dialog"
          aria-expanded={open}
          data-just-added={justAdded ? 'true' : undefined}
          onClick={() => setOpen(true)}
          className={cn(
            'flex min-h-12 w-full items-center justify-between gap-3 rounded-full bg-button px-5 py-2 font-semibold text-button-fg',
            justAdded && 'ring-4 ring-button/40 ring-offset-2',
          )}
        >
          <span className="flex items-center gap-2">
            <ShoppingBag aria-hidden className="size-5" />
            My Order
          </span>
          <span className="flex items-center gap-3">
            <span>{countLabel}</span>
            {subtotalLabel ? <span className="tabular-nums">{subtotalLabel}</span> : null}
          </span>
        </button>
      </div>
      {open ? <MyOrderSheetContent onClose={() => setOpen(false)}>{children}</MyOrderSheetContent> : null}
    </>
  );
}
