'use client';

import { useEffect, useRef, useState } from 'react';
import { dollarsToCents } from '@storefront/contracts/money';
import { LIVE_PRICE_DEBOUNCE_MS, LivePriceResponseSchema, type LivePriceRequest } from './item-pricing';

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
          const parsed = LivePriceResponseSchema.safeParse(await res.json());
          if (parsed.success && mine === sequence.current) {
            setConfirmed({ key, totalCents: dollarsToCents(parsed.data.total) });
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
