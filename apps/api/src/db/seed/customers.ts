/**
 * The demo customer (README): demo@storefront.test / Demo1234!, activated, with seven placed orders over the last
 * five weeks at Dupont Circle and Gaithersburg, so that order history shows 'More Orders', repeat order shows
 * 'Missing items' (the latest Dupont order has a Mushroom Swiss Burger, out of stock on today's menu) and the
 * reorder strip has items. The lines are priced with the order-building code on the stores' published menus
 * (the Mushroom Swiss Burger, not orderable today, at the price it had); dates are relative to the seeding day.
 */
import { and, eq } from 'drizzle-orm';
import { FULFILLMENT_METHOD, ORDER_CHANNEL, ORDER_STATUS } from '@storefront/contracts/enums';
import { computeOrderTotals } from '@storefront/contracts/pricing';
import type { Db } from '../client';
import { customers } from '../schema/accounts';
import { locationMenus } from '../schema/menus';
import { orderStatusHistory, orders } from '../schema/orders';
import { hashPassword } from '../../modules/accounts/passwords';
import { requireSnapshot } from '../../modules/menus/menus.service';
import { insertOrderItem, type NewOrderItem } from '../../modules/orders/orders.repository';
import { draftOrderLines, type LineInput } from '../../modules/orders/orders.service';
import { DEMO_LOCATIONS } from './locations';

export const DEMO_CUSTOMER = {
  email: 'demo@storefront.test',
  password: 'Demo1234!',
  firstName: 'Dana',
  lastName: 'Demo',
  phoneNumber: '2025550143',
} as const;

/** The demo customer's order session (orders belong to a session too; this one is no guest's). */
const DEMO_ORDER_SESSION = '00000000-0000-4000-8000-00000000d3a0';
const TAX_BASIS_POINTS = 1000;

interface PastOrderDef {
  daysAgo: number;
  locationId: number;
  /** Lines as add-item input, keys relative to the menu (menu id prepended). */
  lines: { key: number[]; quantity: number; portionId?: number; modifiers?: number[][] }[];
  /** Lines no longer orderable, written as they were ordered. */
  pastLines?: NewOrderItem[];
}

const PAST_ORDERS: PastOrderDef[] = [
  {
    daysAgo: 3,
    locationId: DEMO_LOCATIONS.open,
    lines: [
      {
        key: [10, 101],
        quantity: 1,
        modifiers: [
          [10, 101, 910, 9101],
          [10, 101, 911, 9111],
          [10, 101, 911, 9112],
        ],
      },
      { key: [40, 402], quantity: 2, modifiers: [[40, 402, 980, 9801]] },
    ],
    pastLines: [
      {
        itemPathKey: '', // set to the Mushroom Swiss Burger's key below
        title: 'Mushroom Swiss Burger',
        quantity: 1,
        portionId: null,
        portionTitle: null,
        unitPriceCents: 1149,
        totalCents: 1149,
        note: null,
        crossSellOfferId: null,
      },
    ],
  },
  {
    daysAgo: 6,
    locationId: DEMO_LOCATIONS.curbside,
    lines: [{ key: [10, 101], quantity: 2, modifiers: [[10, 101, 910, 9101]] }],
  },
  {
    daysAgo: 10,
    locationId: DEMO_LOCATIONS.open,
    lines: [
      { key: [30, 301], quantity: 1, portionId: 2, modifiers: [[30, 301, 970, 9701]] },
      { key: [10, 104], quantity: 1, modifiers: [[10, 104, 910, 9101]] },
    ],
  },
  {
    daysAgo: 14,
    locationId: DEMO_LOCATIONS.curbside,
    lines: [
      { key: [10, 102], quantity: 1, modifiers: [[10, 102, 910, 9102]] },
      { key: [40, 402], quantity: 1 },
    ],
  },
  {
    daysAgo: 19,
    locationId: DEMO_LOCATIONS.open,
    lines: [
      { key: [10, 103], quantity: 1, modifiers: [[10, 103, 940, 9402]] },
      { key: [30, 301], quantity: 1, portionId: 3, modifiers: [[30, 301, 970, 9701]] },
    ],
  },
  {
    daysAgo: 25,
    locationId: DEMO_LOCATIONS.open,
    lines: [{ key: [10, 101], quantity: 1, modifiers: [[10, 101, 910, 9102]] }],
  },
  {
    daysAgo: 33,
    locationId: DEMO_LOCATIONS.curbside,
    lines: [{ key: [10, 104], quantity: 2, modifiers: [[10, 104, 910, 9101]] }],
  },
];

const HOUR = 3600_000;

/** The demo customer and their past orders (inside the seed's transaction). */
export async function seedCustomers(db: Db) {
  const [customer] = await db
    .insert(customers)
    .values({
      email: DEMO_CUSTOMER.email,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      firstName: DEMO_CUSTOMER.firstName,
      lastName: DEMO_CUSTOMER.lastName,
      phoneNumber: DEMO_CUSTOMER.phoneNumber,
      activatedAt: new Date(Date.now() - 40 * 24 * HOUR),
    })
    .returning({ id: customers.id });
  if (!customer) throw new Error('demo customer insert returned nothing');

  // Each order at a quarter past the hour, three hours before this hour, `daysAgo` days back.
  const base = Math.floor(Date.now() / HOUR) * HOUR - 3 * HOUR + 15 * 60_000;
  // Oldest first, so that ids (the history's order) follow the dates.
  for (const def of [...PAST_ORDERS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const [menu] = await db
      .select({ menuId: locationMenus.menuId, snapshotId: locationMenus.snapshotId })
      .from(locationMenus)
      .where(and(eq(locationMenus.locationId, def.locationId), eq(locationMenus.catering, false)));
    if (!menu) throw new Error(`demo customer: no menu at location ${def.locationId}`);
    const key = (segments: number[]) => [menu.menuId, ...segments].join('-');
    const snapshot = await requireSnapshot(db, menu.snapshotId);
    const inputs: LineInput[] = def.lines.map((line) => ({
      itemPathKey: key(line.key),
      quantity: line.quantity,
      portionId: line.portionId ?? null,
      modifiers: (line.modifiers ?? []).map((m) => ({ itemPathKey: key(m), quantity: 1, portionId: null })),
    }));
    const { drafts, removedItems } = draftOrderLines(snapshot, inputs, FULFILLMENT_METHOD.Pickup);
    if (removedItems.length > 0) {
      throw new Error(`demo customer: ${JSON.stringify(removedItems)} cannot be ordered`);
    }
    const pastLines = (def.pastLines ?? []).map((line) => ({ ...line, itemPathKey: key([10, 105]) }));
    const lineTotals = [...drafts.map((d) => d.item.totalCents), ...pastLines.map((l) => l.totalCents)];
    const totals = computeOrderTotals({ lineTotalsCents: lineTotals, taxRateBasisPoints: TAX_BASIS_POINTS });
    const placedAt = new Date(base - def.daysAgo * 24 * HOUR);
    const readyAt = new Date(placedAt.getTime() + 15 * 60_000);
    const [order] = await db
      .insert(orders)
      .values({
        sessionId: DEMO_ORDER_SESSION,
        userId: customer.id,
        locationId: def.locationId,
        snapshotId: menu.snapshotId,
        orderChannel: ORDER_CHANNEL.web,
        fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
        status: ORDER_STATUS.Completed,
        placedAt,
        expectedReadyAt: readyAt,
        pickupOption: 0,
        taxRateBasisPoints: TAX_BASIS_POINTS,
        subtotalCents: totals.subtotalCents,
        salesTaxCents: totals.salesTaxCents,
        totalCents: totals.totalCents,
        contactFirstName: DEMO_CUSTOMER.firstName,
        contactLastName: DEMO_CUSTOMER.lastName,
        contactPhone: DEMO_CUSTOMER.phoneNumber,
        contactEmail: DEMO_CUSTOMER.email,
        createdAt: new Date(placedAt.getTime() - 10 * 60_000),
        updatedAt: readyAt,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('demo order insert returned nothing');
    await db
      .update(orders)
      .set({ referenceNumber: `${order.id}-DEMO` })
      .where(eq(orders.id, order.id));
    for (const draft of drafts) {
      await insertOrderItem(db, order.id, { ...draft.item, createdAt: placedAt }, draft.modifiers);
    }
    for (const line of pastLines) await insertOrderItem(db, order.id, { ...line, createdAt: placedAt }, []);
    await db.insert(orderStatusHistory).values([
      { orderId: order.id, status: ORDER_STATUS.Received, source: 'guest', changedAt: placedAt },
      { orderId: order.id, status: ORDER_STATUS.Completed, source: 'staff', changedAt: readyAt },
    ]);
  }
}
