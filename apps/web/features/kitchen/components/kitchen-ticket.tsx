'use client';

import { useSyncExternalStore, type ReactNode } from 'react';
import { Car, CarFront, Clock, ShoppingBag, TriangleAlert, Truck, Utensils } from 'lucide-react';
import {
  kitchenHandoff,
  kitchenTicketTiming,
  type KitchenHandoffKind,
  type StaffOrder,
} from '@storefront/contracts/staff';
import { formatPhone } from '@storefront/contracts/text';
import { PickupFieldAnswers } from '@/components/ui/pickup-field-answers';
import { cn } from '@/lib/cn';
import { storeClockTime } from '../store-clock';
import { useKitchenLiveContext } from './kitchen-live';

/** Ages and lateness are read again this often (a minute's resolution is what the kitchen reads). */
const TICK_MS = 15_000;

const HANDOFF_ICON: Record<KitchenHandoffKind, typeof Car> = {
  'walk-in': ShoppingBag,
  curbside: Car,
  'drive-thru': CarFront,
  table: Utensils,
  delivery: Truck,
};

const subscribeToTicks = (onTick: () => void) => {
  const timer = window.setInterval(onTick, TICK_MS);
  return () => window.clearInterval(timer);
};
/** The screen's clock, in whole ticks: the same value between ticks, as useSyncExternalStore needs. */
const currentTick = () => Math.floor(Date.now() / TICK_MS);

/**
 * The current time, ticking every TICK_MS: the server's render time while hydrating (so the markup matches),
 * then the screen's own clock.
 */
function useNow(renderedAt: number): number {
  const tick = useSyncExternalStore(subscribeToTicks, currentTick, () => Math.floor(renderedAt / TICK_MS));
  return tick === Math.floor(renderedAt / TICK_MS) ? renderedAt : tick * TICK_MS;
}

function age(minutes: number): string {
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h ago` : `${hours} h ${minutes % 60} min ago`;
}

/**
 * One ticket: what the line reads first (number, due time, ASAP or scheduled, age, the handoff) over the
 * order's items (`children`). Late tickets (past due, not ready) turn red and say 'Late' with an icon, so the
 * colour is never the only sign; tickets that arrived while the screen was open flash as 'New'.
 */
export function KitchenTicket({
  order,
  renderedAt,
  children,
}: {
  order: StaffOrder;
  renderedAt: number;
  children: ReactNode;
}) {
  const now = useNow(renderedAt);
  const { newOrderIds } = useKitchenLiveContext();
  const isNew = newOrderIds.has(order.id);
  const timing = kitchenTicketTiming(order, now);
  const handoff = kitchenHandoff(order);
  const HandoffIcon = HANDOFF_ICON[handoff.kind];
  const titleId = `kitchen-order-${order.id}`;
  const name = [order.contact.firstName, order.contact.lastName].filter(Boolean).join(' ') || 'Guest';
  const sameDay = timing.dueTime?.slice(0, 10) === order.placedAt.slice(0, 10);
  const open = order.statusId !== 4 && !order.cancelledAt;
  return (
    <article
      aria-labelledby={titleId}
      data-late={timing.isLate || undefined}
      data-new={isNew || undefined}
      className={cn(
        'flex flex-col gap-3 rounded-xl border-4 bg-white p-4 shadow-sm',
        // No opacity animation for the flash: a fading ticket would fail colour contrast while it fades.
        timing.isLate
          ? 'border-red-700 bg-red-50'
          : isNew
            ? 'border-amber-500 bg-amber-50'
            : 'border-transparent',
      )}
    >
      <header className="flex flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <h3 id={titleId} className="text-xl font-bold">
            #{order.referenceNumber}
            {isNew ? (
              <span className="ml-2 rounded-full bg-amber-300 px-2 py-0.5 align-middle text-sm font-bold text-gray-950">
                New
              </span>
            ) : null}
          </h3>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-sm font-bold',
              timing.isScheduled ? 'bg-violet-100 text-violet-900' : 'bg-gray-900 text-white',
            )}
          >
            {timing.isScheduled ? 'Scheduled' : 'ASAP'}
          </span>
        </div>
        {timing.dueTime && open ? (
          <p className="text-lg font-bold tabular-nums">
            Due{' '}
            <time dateTime={timing.dueTime}>
              {sameDay
                ? storeClockTime(timing.dueTime)
                : `${timing.dueTime.slice(5, 10).replace('-', '/')} ${storeClockTime(timing.dueTime)}`}
            </time>
          </p>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-800">
          <span className="inline-flex flex-wrap items-center gap-1">
            <Clock aria-hidden className="size-4" />
            <span>
              Placed <time dateTime={order.placedAt}>{storeClockTime(order.placedAt)}</time>
            </span>
            {/* Age matters while the order is in the kitchen; a completed one keeps its placed time only. */}
            {open ? (
              <span>
                · <span data-testid="ticket-age">{age(timing.ageMinutes)}</span>
              </span>
            ) : null}
          </span>
          {timing.isLate ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-700 px-2 py-0.5 font-bold text-white">
              <TriangleAlert aria-hidden className="size-4" />
              Late{timing.minutesLate > 0 ? ` ${timing.minutesLate} min` : ''}
            </span>
          ) : null}
        </p>
      </header>
      <p className="text-sm">
        <span className="font-semibold">{name}</span>
        {order.contact.phone ? (
          <span className="text-gray-700">
            {' · '}
            <a href={`tel:${order.contact.phone}`} className="underline underline-offset-2">
              {formatPhone(order.contact.phone)}
            </a>
          </span>
        ) : null}
      </p>
      <div
        className={cn(
          'flex items-start gap-2 rounded-lg p-2 text-gray-900',
          handoff.kind === 'delivery' ? 'bg-amber-50' : 'bg-sky-50',
        )}
      >
        <HandoffIcon aria-hidden className="mt-0.5 size-5 shrink-0" />
        <div className="text-sm">
          <span className="block text-base font-bold">{handoff.title}</span>
          {handoff.detail ? <span className="font-semibold">{handoff.detail}</span> : null}
          {/* The guest's answers to the pickup option's additional fields (a drive-thru lane, a bay). */}
          <PickupFieldAnswers answers={order.pickup.additionalFields} className="mt-0.5" />
          {order.delivery?.providerReference ? (
            <span className="block">
              Driver booking: <span className="font-mono">{order.delivery.providerReference}</span>
            </span>
          ) : null}
        </div>
      </div>
      {children}
    </article>
  );
}
