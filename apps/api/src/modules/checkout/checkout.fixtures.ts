/**
 * Test fixtures: a guest's order with one line, written straight into the tables the orders module owns
 * (so that checkout tests do not depend on the order-building routes' details), and card tokens from the
 * hosted page's own tokenisation call.
 */
import { and, eq } from 'drizzle-orm';
import { menuSnapshots } from '../../db/schema/menus';
import { orderItems, orders } from '../../db/schema/orders';
import type { TestContext } from '../../test/harness';

export interface OrderFixture {
  token: string;
  orderId: number;
  totalCents: number;
}

export async function createOrderFixture(
  ctx: TestContext,
  options: { token?: string; locationId?: number; subtotalCents?: number } = {},
): Promise<OrderFixture> {
  const token = options.token ?? (await ctx.token());
  const session = await ctx.app.tokens.verifyAccessToken(token);
  if (!session) throw new Error('fixture: invalid token');
  const locationId = options.locationId ?? 1;
  const db = ctx.database.db;
  const [snapshot] = await db
    .select({ id: menuSnapshots.id })
    .from(menuSnapshots)
    .where(and(eq(menuSnapshots.locationId, locationId), eq(menuSnapshots.catering, false)))
    .limit(1);
  if (!snapshot) throw new Error(`fixture: no menu snapshot for location ${locationId}`);
  const subtotal = options.subtotalCents ?? 1250;
  const tax = Math.round(subtotal / 10);
  const [order] = await db
    .insert(orders)
    .values({
      sessionId: session.sid,
      locationId,
      snapshotId: snapshot.id,
      orderChannel: session.appType,
      subtotalCents: subtotal,
      salesTaxCents: tax,
      totalCents: subtotal + tax,
    })
    .returning();
  if (!order) throw new Error('fixture: order not inserted');
  await db.insert(orderItems).values({
    orderId: order.id,
    itemPathKey: 'fixture-item',
    title: 'Classic Burger',
    quantity: 1,
    unitPriceCents: subtotal,
    totalCents: subtotal,
  });
  return { token, orderId: order.id, totalCents: subtotal + tax };
}

export const CONTACT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  phone: '(202) 555-0143',
  email: 'ada@example.com',
};

export const CARDS = {
  approve: '4242 4242 4242 4242',
  decline: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  processingError: '4000 0000 0000 0119',
} as const;
