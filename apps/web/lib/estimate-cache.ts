import 'server-only';
import { estimateCacheKey } from '@storefront/contracts/store-hours';

const MAX_ENTRIES = 1_000;
const MINUTE = 60_000;
const entries = new Map<string, { minute: number; value: Promise<unknown> }>();

/**
 * ASAP times and delivery estimates, cached by store, catering flag, fulfilment method and one-minute bucket
 * (ordering spec, section 9): every page render in the same minute shares one API call. `extra` narrows the
 * entry further (the delivery address: one address's range verdict must never answer another's). A load that
 * fails, or whose answer `keep` refuses (an API error), is not kept; entries of past minutes are dropped when
 * the cache is full.
 */
export function cachedEstimate<T>(
  scope: { locationId: number; isCatering: boolean; method: number; extra?: string },
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
  now = Date.now(),
): Promise<T> {
  const base = estimateCacheKey({ ...scope, now });
  const key = scope.extra ? `${base}|${scope.extra}` : base;
  const hit = entries.get(key);
  if (hit) return hit.value as Promise<T>;
  const minute = Math.floor(now / MINUTE);
  if (entries.size >= MAX_ENTRIES) {
    for (const [old, entry] of entries) if (entry.minute !== minute) entries.delete(old);
    if (entries.size >= MAX_ENTRIES) entries.clear();
  }
  const value = load();
  entries.set(key, { minute, value });
  value.then(
    (answer) => {
      if (!keep(answer)) entries.delete(key);
    },
    () => entries.delete(key),
  );
  return value;
}
