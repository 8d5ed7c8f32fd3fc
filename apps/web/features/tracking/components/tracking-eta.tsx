'use client';

import { useSyncExternalStore } from 'react';
import { AlarmClock, CheckCircle2, Clock } from 'lucide-react';
import type { OrderStatus } from '@storefront/contracts/enum-values';
import { cn } from '@/lib/cn';
import { etaView, type EtaInput } from '../eta';
import { useTrackedStatus } from './tracked-order';

/** The page's clock moves in 15-second steps: enough for minute texts, and a stable snapshot in between. */
const TICK_MS = 15_000;
const bucket = (ms: number) => Math.floor(ms / TICK_MS) * TICK_MS;

function subscribe(onChange: () => void) {
  const timer = window.setInterval(onChange, TICK_MS);
  return () => window.clearInterval(timer);
}

const ICONS = { 'on-time': Clock, late: AlarmClock, ready: CheckCircle2, complete: CheckCircle2 } as const;

/**
 * What the tracking page leads with: when the order is ready (or arrives), in the store's zone, large; 'Running
 * late' with a new estimate once the ready time has passed and the kitchen has not marked it ready; 'Your order
 * is ready' once it has. Follows the page's live status and the clock; the server renders it as of `renderedAt`
 * (the browser then moves on from its own clock).
 */
export function TrackingEta({
  orderId,
  trackingToken,
  initialStatus,
  eta,
  renderedAt,
  readyDetail,
}: {
  orderId: number;
  trackingToken: string;
  initialStatus: OrderStatus;
  eta: EtaInput;
  renderedAt: number;
  readyDetail: string;
}) {
  const status = useTrackedStatus(orderId, trackingToken, initialStatus);
  const now = useSyncExternalStore(
    subscribe,
    () => bucket(Date.now()),
    () => bucket(renderedAt),
  );
  const view = etaView({ eta, statusId: status, now, readyDetail });
  const Icon = ICONS[view.tone];
  return (
    <section
      aria-labelledby="eta-title"
      data-testid="order-eta"
      data-tone={view.tone}
      className={cn(
        'flex items-start gap-3 rounded-2xl border-l-8 bg-white p-5 shadow-sm',
        view.tone === 'late'
          ? 'border-amber-500'
          : view.tone === 'on-time'
            ? 'border-brand'
            : 'border-green-700',
      )}
    >
      <Icon
        aria-hidden
        className={cn(
          'mt-1 size-8 shrink-0',
          view.tone === 'late' ? 'text-amber-700' : view.tone === 'on-time' ? 'text-brand' : 'text-green-700',
        )}
      />
      <div aria-live="polite" aria-atomic="true" className="flex flex-col gap-1">
        <p id="eta-title" className="font-display text-3xl font-bold leading-tight text-gray-900">
          {view.title}
        </p>
        {view.detail ? <p className="text-base text-gray-800">{view.detail}</p> : null}
      </div>
    </section>
  );
}
