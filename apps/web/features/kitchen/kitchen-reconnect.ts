const BASE_MS = 1_000;
const MAX_MS = 30_000;

/**
 * The pause before reconnection attempt `attempt` (0 first): doubling from 1 s up to 30 s, with 'full jitter'
 * between half and all of it (`random` in [0, 1)), so that screens dropped together by a restart do not all
 * come back in the same instant.
 */
export function nextReconnectDelay(attempt: number, random: number): number {
  const ceiling = Math.min(MAX_MS, BASE_MS * 2 ** Math.max(0, Math.min(attempt, 10)));
  return Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(random, 0), 1));
}
