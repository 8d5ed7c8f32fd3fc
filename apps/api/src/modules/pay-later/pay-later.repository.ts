import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The advisory locks' first key: 'PAYL', so that they never meet another module's advisory locks. */
export const PAY_LATER_LOCK_NAMESPACE = 0x5041594c;

/**
 * Takes the transaction-scoped advisory locks of `keys` (32-bit integers), one at a time in ascending order, so
 * that two transactions wanting some of the same keys never wait for each other in a cycle.
 */
export async function lockKeys(tx: Db, keys: readonly number[]): Promise<void> {
  for (const key of [...new Set(keys)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${PAY_LATER_LOCK_NAMESPACE}::int4, ${key}::int4)`);
  }
}

/** Open (placed, neither completed nor cancelled) pay-later orders of the store and of each of a guest's identities. */
export interface OpenPayLaterCounts {
  store: number;
  customer: number;
  phone: number;
  email: number;
  address: number;
}
