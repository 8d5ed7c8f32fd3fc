import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { Db } from '../../db/client';
import { locationPaymentMethods, orders, payLaterOrders } from '../../db/schema/index';

export type NewPayLaterOrderRow = typeof payLaterOrders.$inferInsert;

/** The advisory locks' first key: 'PAYL', so that they never meet another module's advisory locks. */
const LOCK_NAMESPACE = 0x5041594c;

/**
 * Takes the transaction-scoped advisory locks of `keys` (32-bit integers), one at a time in ascending order, so
 * that two transactions wanting some of the same keys never wait for each other in a cycle.
 */
export async function lockKeys(tx: Db, keys: readonly number[]): Promise<void> {
  for (const key of [...new Set(keys)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}::int4, ${key}::int4)`);
  }
}

export interface OpenPayLaterFilter {
  locationId: number;
  customerId: number | null;
  contactPhone: string | null;
  contactEmail: string | null;
  clientAddress: string | null;
}

export interface OpenPayLaterCounts {
  store: number;
  customer: number;
  phone: number;
  email: number;
  address: number;
}

/** Open (placed, neither completed nor cancelled) pay-later orders of the store and of each of the guest's identities. */
export async function countOpenPayLaterOrders(
  tx: Db,
  filter: OpenPayLaterFilter,
): Promise<OpenPayLaterCounts> {
  const p = payLaterOrders;
  const matches = (column: AnyPgColumn, value: number | string | null) =>
    value === null ? sql`false` : sql`${column} = ${value}`;
  const customer = matches(p.customerId, filter.customerId);
  const phone = matches(p.contactPhone, filter.contactPhone);
  const email = matches(p.contactEmail, filter.contactEmail);
  const address = matches(p.clientAddress, filter.clientAddress);
  const store = sql`${p.locationId} = ${filter.locationId}`;
  const [row] = await tx
    .select({
      store: sql<number>`count(*) filter (where ${store})`.mapWith(Number),
      customer: sql<number>`count(*) filter (where ${customer})`.mapWith(Number),
      phone: sql<number>`count(*) filter (where ${phone})`.mapWith(Number),
      email: sql<number>`count(*) filter (where ${email})`.mapWith(Number),
      address: sql<number>`count(*) filter (where ${address})`.mapWith(Number),
    })
    .from(p)
    .innerJoin(orders, eq(orders.id, p.orderId))
    .where(
      and(
        sql`${orders.status} is distinct from 4`,
        // A cancelled order gives its room back: nobody will come to pay for it.
        sql`${orders.cancelledAt} is null`,
        sql`(${store} or ${customer} or ${phone} or ${email} or ${address})`,
      ),
    );
  return row ?? { store: 0, customer: 0, phone: 0, email: 0, address: 0 };
}

export async function insertPayLaterOrder(tx: Db, values: NewPayLaterOrderRow): Promise<void> {
  await tx.insert(payLaterOrders).values(values);
}

/** The store's own pay-later settings (its offline-credit method's row), null where it has none. */
export async function findPayLaterSettings(tx: Db, locationId: number) {
  const [row] = await tx
    .select({
      maxOpenUnpaidOrders: locationPaymentMethods.maxOpenUnpaidOrders,
      maxUnpaidTotalCents: locationPaymentMethods.maxUnpaidTotalCents,
    })
    .from(locationPaymentMethods)
    .where(
      and(
        eq(locationPaymentMethods.locationId, locationId),
        eq(locationPaymentMethods.paymentMethod, PAYMENT_METHOD.OfflineCredit),
      ),
    )
    .limit(1);
  return row ?? null;
}
