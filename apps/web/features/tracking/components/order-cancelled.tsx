import { XCircle } from 'lucide-react';

/** '7:45 AM' from an ISO 8601 time with the store's offset ('2026-11-28T07:45:00-05:00'): its local clock. */
function localClockOf(iso: string): string {
  const match = /T(\d{2}):(\d{2})/.exec(iso);
  if (!match) return iso;
  const hours = Number(match[1]);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}

/**
 * The tracking page's word that the store cancelled the order before it was completed: when, and what became
 * of the money (given back, on its way back, or nothing was due). Shown instead of the ETA and the timeline.
 */
export function OrderCancelled({
  storeName,
  cancelledAt,
  refunded,
  paidOnline,
}: {
  storeName: string;
  /** ISO 8601 with the store's offset. */
  cancelledAt: string;
  /** Every payment is back (voided, refunded, gift-card amounts returned). */
  refunded: boolean;
  /** Something was paid online (else it was to be paid at the store). */
  paidOnline: boolean;
}) {
  const money = !paidOnline
    ? 'Nothing is due for it at the store.'
    : refunded
      ? 'Your payment has been returned to you. A refund to a card can take a few days to show on your statement.'
      : 'Your payment is being returned to you.';
  return (
    <section
      aria-labelledby="order-cancelled-title"
      className="flex gap-3 rounded-2xl border-2 border-red-800 bg-white p-5 shadow-sm"
      data-testid="order-cancelled"
    >
      <XCircle aria-hidden className="mt-1 size-6 shrink-0 text-red-800" />
      <div className="flex flex-col gap-1">
        <h2 id="order-cancelled-title" className="text-xl font-bold">
          Your order was cancelled
        </h2>
        <p>
          {storeName} cancelled this order at {localClockOf(cancelledAt)}.
        </p>
        <p>{money}</p>
      </div>
    </section>
  );
}
