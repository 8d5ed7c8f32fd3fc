'use client';

import { useState, useTransition } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { RecentOrderedItem } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { useToast } from '@/components/ui/toast';
import { markCheckoutCrossSellOffered } from '@/features/order/checkout-cross-sell';
import {
  orderedOnLabel,
  reorderAddInput,
  reorderEditHref,
  reorderLineLabel,
  type ReorderTarget,
} from '../reorder';

export type ReorderAddInput = ReturnType<typeof reorderAddInput>;
/** The add's outcome; on success the order it went into (an order action's answer carries it). */
export type ReorderAddResult = { ok: true; data?: { id: number } } | { ok: false; error: string };

/** Announced when a past item went into the order. */
export const REORDER_ADDED = 'Added to your order';

/**
 * 'Order it again' (ordering spec section 2): the customer's last ordered items at this store, each with its date,
 * 'quantity x title', Edit (the item page preselected with the past choices) and 'Add to Order' with today's
 * price, which adds it as it was ordered. Out-of-stock items are struck through and cannot be added. Scrolls
 * sideways on a phone; every control is reachable with Tab.
 */
export function ReorderStrip({
  title,
  items,
  target,
  add,
}: {
  title: string;
  items: readonly RecentOrderedItem[];
  target: ReorderTarget;
  add: (input: ReorderAddInput) => Promise<ReorderAddResult>;
}) {
  const router = useRouter();
  const toast = useToast();
  const [adding, setAdding] = useState<number | null>(null);
  // The past line last added: its card offers the way to checkout, so that ordering again takes few taps.
  const [added, setAdded] = useState<number | null>(null);
  const [, startTransition] = useTransition();
  if (items.length === 0) return null;

  const addItem = async (item: RecentOrderedItem) => {
    setAdding(item.pastItemId);
    let result: ReorderAddResult;
    try {
      result = await add(reorderAddInput(item, target));
    } catch {
      result = { ok: false, error: 'Please try again.' };
    }
    setAdding(null);
    if (!result.ok) return toast('error', result.error);
    setAdded(item.pastItemId);
    // Ordering again what they ordered before: the Checkout cross-sell does not stop them on the way.
    if (result.data) markCheckoutCrossSellOffered(result.data.id);
    // Said as the API accepts it; the page's order then refreshes in the background (inside a transition the
    // toast would wait for that refresh, a second later).
    toast('success', REORDER_ADDED);
    startTransition(() => router.refresh());
  };

  return (
    <section aria-labelledby="reorder-strip-title" className="px-4 py-4 md:px-0">
      <h2 id="reorder-strip-title" className="mb-3 text-xl font-bold">
        {title}
      </h2>
      <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 md:mx-0 md:px-0">
        {items.map((item) => {
          const label = reorderLineLabel(item);
          return (
            <li
              key={item.pastItemId}
              className="flex w-64 shrink-0 snap-start flex-col gap-2 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
            >
              <p className="text-sm text-gray-700">{orderedOnLabel(item.orderDate)}</p>
              <p id={`reorder-line-${item.pastItemId}`} className="font-semibold">
                {item.isOutOfStock ? (
                  <>
                    <s>{label}</s> <span className="text-sm font-normal text-red-700">(Out of stock)</span>
                  </>
                ) : (
                  label
                )}
              </p>
              {item.selectedModifiers.length > 0 ? (
                <p className="line-clamp-2 text-sm text-gray-700">
                  {item.selectedModifiers
                    .map((m) => (m.quantity > 1 ? `${m.quantity} x ${m.title}` : m.title))
                    .join(', ')}
                </p>
              ) : null}
              <div className="mt-auto flex items-center justify-between gap-2 pt-2">
                <Link
                  href={reorderEditHref(item, target)}
                  className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
                  aria-label={`Edit ${item.title}`}
                >
                  Edit
                </Link>
                <Button
                  className="justify-between gap-3 px-4"
                  disabled={item.isOutOfStock || adding !== null}
                  loading={adding === item.pastItemId}
                  aria-describedby={`reorder-line-${item.pastItemId}`}
                  onClick={() => void addItem(item)}
                >
                  <span>Add to Order</span> <Price dollars={item.total} className="tabular-nums" />
                </Button>
              </div>
              {added === item.pastItemId ? (
                <Link
                  href="/checkout"
                  className="inline-flex min-h-11 items-center justify-center rounded-full border-2 border-button px-4 font-semibold text-gray-900"
                >
                  Go to checkout
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
