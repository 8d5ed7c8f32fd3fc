'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { OrderStatusSchema, type OrderStatus } from '@storefront/contracts/enums';
import { TRACKING_POLL_MS } from '@storefront/contracts/tracking';
import { shouldPoll } from './timeline';

const StatusAnswerSchema = z.object({ statusId: OrderStatusSchema });

/** GET /api/status (same origin) with the tracking token; null when the answer is not usable. */
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
  const parsed = StatusAnswerSchema.safeParse(await res.json().catch(() => null));
  return parsed.success ? parsed.data.statusId : null;
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
    if (!shouldPoll(status)) return;
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
  }, [poll, status, intervalMs]);

  return status;
}
