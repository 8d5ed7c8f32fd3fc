'use client';

import { useEffect, useRef, useState } from 'react';
import { dollarsToCents } from '@storefront/contracts/money';
import type { LivePriceRequest } from './item-pricing';

export const LIVE_PRICE_DEBOUNCE_MS = 300;

/**
 * The total (dollars) of our own route's answer (`{ total }`, app/api/pricing/route.ts), else null. A plain check
 * rather than a schema: the item page's code stays free of zod (a third of its JavaScript).
 */
function totalOf(body: unknown): number | null {
  const total = (body as { total?: unknown } | null)?.total;
  return typeof total === 'number' && Number.isFinite(total) ? total : null;
}

export interface LivePrice {
  /** The server's total for the current selection once it answered, else the local (shared-function) total. */
  totalCents: number;
  /** Whether `totalCents` is the server's answer for exactly this selection. */
  isConfirmed: boolean;
}

/**
 * The item form's price: shown at once from the shared pricing function (`localTotalCents`), then confirmed by
 * the API. Requests wait until the selection has been still for 300 ms; a newer selection aborts the request in
 * flight, and a sequence number drops any answer that is not for the latest request. A failed request leaves the
 * local price (the API re-prices authoritatively on add anyway).
 */
export function useLivePrice(
  request: LivePriceRequest | null,
  localTotalCents: number,
  fetcher: typeof fetch = fetch,
): LivePrice {
  const key = request ? JSON.stringify(request) : null;
  const [confirmed, setConfirmed] = useState<{ key: string; totalCents: number } | null>(null);
  const sequence = useRef(0);

  useEffect(() => {
    if (key === null) return;
    const mine = ++sequence.current;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetcher('/api/pricing', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: key,
        signal: controller.signal,
      })
        .then(async (res) => {
          if (!res.ok) return;
          const total = totalOf(await res.json());
          if (total !== null && mine === sequence.current) {
            setConfirmed({ key, totalCents: dollarsToCents(total) });
          }
        })
        .catch(() => {
          // Aborted (a newer selection) or offline: the local price stays on screen.
        });
    }, LIVE_PRICE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, fetcher]);

  const isConfirmed = confirmed !== null && confirmed.key === key;
  return { totalCents: isConfirmed ? confirmed.totalCents : localTotalCents, isConfirmed };
}
