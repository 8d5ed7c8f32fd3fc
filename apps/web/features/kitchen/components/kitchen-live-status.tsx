'use client';

import { cn } from '@/lib/cn';
import { useKitchenLiveContext } from './kitchen-live';

const LABEL = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
} as const;

/**
 * Whether the board follows the orders as they happen ('Live') or is catching up ('Reconnecting…', polled every
 * 10 s meanwhile); with a dot that is not the only sign (the word says it too). New arrivals are announced.
 */
export function KitchenLiveStatus() {
  const { state, announcement } = useKitchenLiveContext();
  return (
    <>
      <span
        role="status"
        data-live-state={state}
        className={cn(
          'inline-flex min-h-8 items-center gap-2 rounded-full px-3 text-sm font-bold',
          state === 'live' ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-950',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'size-2.5 rounded-full',
            state === 'live' ? 'bg-green-700' : 'bg-amber-600 motion-safe:animate-pulse',
          )}
        />
        {LABEL[state]}
        {state === 'reconnecting' ? (
          <span className="sr-only">. The board refreshes every 10 seconds.</span>
        ) : null}
      </span>
      <span aria-live="assertive" className="sr-only">
        {announcement}
      </span>
    </>
  );
}
