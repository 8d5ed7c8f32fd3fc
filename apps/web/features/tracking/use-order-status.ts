'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderStatus } from '@storefront/contracts/enum-values';
import { TRACKING_POLL_MS, isOrderStatus } from '@storefront/contracts/tracking-stages';
import { shouldPoll } from './timeline';

/**
 * GET /api/status (same origin) with the tracking token; null when the answer is not usable. The answer is
 * checked without a schema (`{ statusId: 1-4 }`), so the tracking page's browser code does not carry zod.
 */
export async function fetchOrderStatus(
  orderId: number,
  trackingToken: string,
  fetcher: typeof fetch = fetch,
): Promise<OrderStatus | null> {
  const res = await fetcher(`/api/status?orderId=${encodeURIComponent(orderId)}`, {
    headers: { authorization: `Bearer ${trackingToken}` },
    cache: 'no-store',
  });
  if (!res.ok) return null;
  const answer: unknown = await res.json().catch(() => null);
  const statusId =
    typeof answer === 'object' && answer !== null ? (answer as { statusId?: unknown }).statusId : null;
  return isOrderStatus(statusId) ? statusId : null;
}

/**
 * The order's status, polled every 60 s after load and again when the window regains focus; polling stops
 * at the terminal status 4. A failed poll keeps the last known status.
 */
export function useOrderStatus(
  orderId: number,
  trackingToken: string,
  initialStatus: OrderStatus,
  intervalMs: number = TRACKING_POLL_MS,
  /** False when another component already polls this order (the tracking page's shared status). */
  enabled = true,
): OrderStatus {
  const [status, setStatus] = useState<OrderStatus>(initialStatus);
  const statusRef = useRef(initialStatus);

  const poll = useCallback(async () => {
    if (!shouldPoll(statusRef.current)) return;
    try {
      const next = await fetchOrderStatus(orderId, trackingToken);
      if (next !== null && next !== statusRef.current) {
        statusRef.current = next;
        setStatus(next);
      }
    } catch {
      // Offline for a moment: the next tick tries again.
    }
  }, [orderId, trackingToken]);

  useEffect(() => {
    if (!enabled || !shouldPoll(status)) return;
    const timer = window.setInterval(() => void poll(), intervalMs);
    const onFocus = () => void poll();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void poll();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [poll, status, intervalMs, enabled]);

  return status;
}
