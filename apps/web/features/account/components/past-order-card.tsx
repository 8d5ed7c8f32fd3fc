import Link from 'next/link';
import type { PastOrderSummary } from '@storefront/contracts/accounts';
import { Price } from '@/components/ui/price';
import { formatReadyDateTime, itemCountLabel } from '../account-view';

/**
 * One past order: ready date-time, store, 'Cancelled by the store' when it was, total, item count, 'Order Details'
 * and the repeat button. On a phone
 * the details are a page of their own (a full load, which the desktop's modal route does not intercept).
 */
export function PastOrderCard({
  order,
  isMobile,
  repeatButton,
}: {
  order: PastOrderSummary;
  isMobile: boolean;
  repeatButton: React.ReactNode;
}) {
  const href = `/my-account/order-history/${order.id}`;
  const when = formatReadyDateTime(order.readyDateTime ?? order.placedAt);
  const headingId = `past-order-${order.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold">
            {when}
          </h3>
          <p className="text-sm text-gray-700">{order.locationName}</p>
          {order.cancelledAt ? (
            // Words, not colour alone: the store cancelled it and gave its payment back.
            <p className="mt-1 inline-flex rounded-full border border-red-800 px-2 text-sm font-semibold text-red-800">
              Cancelled by the store
            </p>
          ) : null}
        </div>
        <div className="text-right">
          <Price dollars={order.total} className="font-bold tabular-nums" />
          <p className="text-sm text-gray-700">{itemCountLabel(order.itemCount)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        {isMobile ? (
          <a
            href={href}
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            Order Details
          </a>
        ) : (
          <Link
            href={href}
            scroll={false}
            className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
          >
            Order Details
          </Link>
        )}
        {repeatButton}
      </div>
    </article>
  );
}
