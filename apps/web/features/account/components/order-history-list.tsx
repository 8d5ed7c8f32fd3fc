'use client';

import { useState, useTransition } from 'react';
import { ORDER_HISTORY_FIRST, type PastOrderSummary } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import type { MorePastOrdersResult, RepeatOrderResult } from '../account.actions';
import { hasMoreOrders, visibleOrders } from '../account-view';
import { PastOrderCard } from './past-order-card';
import { RepeatOrderButton } from './repeat-order-button';

export const NO_PAST_ORDERS = "You haven't placed any orders yet.";

/**
 * The order history: the first four cards, then 'More Orders' shows the rest of what is loaded and, while the
 * API has more, loads the next page after the last order shown.
 */
export function OrderHistoryList({
  initial,
  isMobile,
  loadMore,
  repeat,
}: {
  initial: { orders: PastOrderSummary[]; hasMore: boolean };
  isMobile: boolean;
  loadMore: (input: { before: number }) => Promise<MorePastOrdersResult>;
  repeat: (input: { pastOrderId: number; removeInvalidItems: boolean }) => Promise<RepeatOrderResult>;
}) {
  const [orders, setOrders] = useState(initial.orders);
  const [apiHasMore, setApiHasMore] = useState(initial.hasMore);
  const [expanded, setExpanded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  if (orders.length === 0) {
    return <p className="rounded-2xl bg-gray-100 p-6 text-center font-semibold">{NO_PAST_ORDERS}</p>;
  }

  const more = () => {
    setError(null);
    const last = orders.at(-1);
    if (!expanded) {
      setExpanded(true);
      // The loaded orders past the first four come first; the API is asked only when none are hidden.
      if (orders.length > ORDER_HISTORY_FIRST) return;
    }
    if (!apiHasMore || !last) return;
    startTransition(async () => {
      const result = await loadMore({ before: last.id });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      const seen = new Set(orders.map((o) => o.id));
      setOrders([...orders, ...result.data.orders.filter((o) => !seen.has(o.id))]);
      setApiHasMore(result.data.hasMore);
    });
  };

  return (
    <div className="flex flex-col gap-4">
      <ul className="grid gap-4 lg:grid-cols-2" aria-busy={pending || undefined}>
        {visibleOrders(orders, expanded).map((order) => (
          <li key={order.id}>
            <PastOrderCard
              order={order}
              isMobile={isMobile}
              repeatButton={<RepeatOrderButton pastOrderId={order.id} repeat={repeat} />}
            />
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {hasMoreOrders(orders.length, expanded, apiHasMore) ? (
        <Button variant="secondary" className="self-center" onClick={more} loading={pending}>
          More Orders
        </Button>
      ) : null}
    </div>
  );
}
