'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import {
  KITCHEN_EVENT,
  KITCHEN_STREAM_SILENCE_MS,
  KitchenStreamEndSchema,
} from '@storefront/contracts/staff';
import { nextReconnectDelay } from './kitchen-reconnect';

export type KitchenLiveState = 'connecting' | 'live' | 'reconnecting';

/** While the stream is down, the board is re-read this often (the old poll, kept as the fallback). */
export const KITCHEN_POLL_MS = 10_000;
/** Events that come together (a burst of orders) re-read the board once. */
const REFRESH_COALESCE_MS = 150;

/**
 * Follows the location's order changes pushed by the server (/kitchen/events, server-sent events) and re-reads
 * the board when one comes. A dropped stream is reopened with a growing, jittered pause (1 s up to 30 s) and
 * the board is polled every 10 s until it is back; a stream silent for two heartbeats counts as dropped. After a
 * reconnection the board is re-read once (changes made meanwhile were not heard).
 */
export function useKitchenLive(locationId: number): KitchenLiveState {
  const router = useRouter();
  const [state, setState] = useState<KitchenLiveState>('connecting');

  useEffect(() => {
    let source: EventSource | null = null;
    let attempt = 0;
    let everOpened = false;
    let stopped = false;
    let retryTimer: number | undefined;
    let silenceTimer: number | undefined;
    let refreshTimer: number | undefined;
    let pollTimer: number | undefined;

    const refresh = () => {
      window.clearTimeout(refreshTimer);
      refreshTimer = window.setTimeout(() => router.refresh(), REFRESH_COALESCE_MS);
    };
    const startPolling = () => {
      if (pollTimer !== undefined) return;
      pollTimer = window.setInterval(() => {
        if (document.visibilityState === 'visible') router.refresh();
      }, KITCHEN_POLL_MS);
    };
    const stopPolling = () => {
      window.clearInterval(pollTimer);
      pollTimer = undefined;
    };
    const watchSilence = () => {
      window.clearTimeout(silenceTimer);
      silenceTimer = window.setTimeout(() => drop(), KITCHEN_STREAM_SILENCE_MS);
    };
    const drop = (delayMs?: number) => {
      source?.close();
      source = null;
      window.clearTimeout(silenceTimer);
      if (stopped) return;
      setState('reconnecting');
      startPolling();
      const delay = delayMs ?? nextReconnectDelay(attempt, Math.random());
      attempt += 1;
      window.clearTimeout(retryTimer);
      retryTimer = window.setTimeout(connect, delay);
    };
    function connect() {
      if (stopped) return;
      const stream = new EventSource(`/kitchen/events?location=${encodeURIComponent(String(locationId))}`);
      source = stream;
      watchSilence();
      stream.onopen = () => {
        attempt = 0;
        setState('live');
        stopPolling();
        if (everOpened) refresh();
        everOpened = true;
      };
      stream.addEventListener(KITCHEN_EVENT.ping, watchSilence);
      stream.addEventListener(KITCHEN_EVENT.order, () => {
        watchSilence();
        refresh();
      });
      stream.addEventListener(KITCHEN_EVENT.end, (event) => {
        let reason: string | null = null;
        try {
          const parsed = KitchenStreamEndSchema.safeParse(JSON.parse(String(event.data)));
          reason = parsed.success ? parsed.data.reason : null;
        } catch {
          reason = null;
        }
        // A signed-out session: the board re-read shows the sign-in form (and unmounts this).
        if (reason === 'session-ended') refresh();
        // The stream's lifetime is over: open the next one at once; otherwise back off as after an error.
        drop(reason === 'lifetime' ? 0 : undefined);
      });
      // EventSource retries by itself only on some failures (never after a refusal): one policy for all.
      stream.onerror = () => drop();
    }
    connect();
    return () => {
      stopped = true;
      source?.close();
      window.clearTimeout(retryTimer);
      window.clearTimeout(silenceTimer);
      window.clearTimeout(refreshTimer);
      stopPolling();
    };
  }, [locationId, router]);

  return state;
}
