'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { OrderStatus } from '@storefront/contracts/enum-values';
import { TRACKING_POLL_MS, isOrderStatus } from '@storefront/contracts/tracking-stages';
import { shouldPoll } from './timeline';

/** What a status poll tells: the order's status, and whether the store cancelled it. */
export interface PolledStatus {
  statusId: OrderStatus;
  cancelled: boolean;
}

/**
 * GET /api/status (same origin) with the tracking token; null when the answer is not usable. The answer is
 * checked without a schema (`{ statusId: 1-4, cancelled?: boolean }`), so the tracking page's browser code does
 * not carry zod.
 */
export async function fetchPolledStatus(
  orderId: number,
  trackingToken: string,
  fetcher: typeof fetch = fetch,
): Promise<PolledStatus | null> {
  const res = await fetcher(`/api/status?orderId=${encodeURIComponent(orderId)}`, {
    headers: { authorization: `Bearer ${trackingToken}` },
    cache: 'no-store',
  });
  if (!res.ok) return null;
  const answer: unknown = await res.json().catch(() => null);
  if (typeof answer !== 'object' || answer === null) return null;
  const { statusId, cancelled } = answer as { statusId?: unknown; cancelled?: unknown };
  return isOrderStatus(statusId) ? { statusId, cancelled: cancelled === true } : null;
}

/** The order's status alone (see fetchPolledStatus); null when the answer is not usable. */
export async function fetchOrderStatus(
  orderId: number,
  trackingToken: string,
  fetcher: typeof fetch = fetch,
): Promise<OrderStatus | null> {
  return (await fetchPolledStatus(orderId, trackingToken, fetcher))?.statusId ?? null;
}

/**
 * The order's status, polled every 60 s after load and again when the window regains focus; polling stops
 * at the terminal status 4, and once the store cancelled the order (`onCancelled` is told, once). A failed poll
 * keeps the last known status.
 */
export function useOrderStatus(
  orderId: number,
  trackingToken: string,
  initialStatus: OrderStatus,
  intervalMs: number = TRACKING_POLL_MS,
  /** False when another component already polls this order (the tracking page's shared status). */
  enabled = true,
  /** Told once when a poll finds the order cancelled (the page reloads to say so). */
  onCancelled?: () => void,
): OrderStatus {
  const [status, setStatus] = useState<OrderStatus>(initialStatus);
  const [cancelled, setCancelled] = useState(false);
  const statusRef = useRef(initialStatus);
  const cancelledRef = useRef(false);
  const onCancelledRef = useRef(onCancelled);
  useEffect(() => {
    onCancelledRef.current = onCancelled;
  }, [onCancelled]);

  const poll = useCallback(async () => {
    if (cancelledRef.current || !shouldPoll(statusRef.current)) return;
    try {
      const next = await fetchPolledStatus(orderId, trackingToken);
      if (next === null || cancelledRef.current) return;
      if (next.statusId !== statusRef.current) {
        statusRef.current = next.statusId;
        setStatus(next.statusId);
      }
      if (next.cancelled) {
        cancelledRef.current = true;
        setCancelled(true);
        onCancelledRef.current?.();
      }
    } catch {
      // Offline for a moment: the next tick tries again.
    }
  }, [orderId, trackingToken]);

  useEffect(() => {
    if (!enabled || cancelled || !shouldPoll(status)) return;
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
  }, [poll, status, intervalMs, enabled, cancelled]);

  return status;
}
