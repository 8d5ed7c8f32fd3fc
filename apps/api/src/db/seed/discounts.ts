/**
 * Demo coupons of every kind, one automatic discount and the stores' service charges (listed in the README).
 * Item and category keys point at the main menu of Capital Kitchen ('menu-category-item').
 */
import { and, eq } from 'drizzle-orm';
import { FULFILLMENT_METHOD, ORDER_CHANNEL } from '@storefront/contracts/enums';
import { addDays, localDateOf } from '@storefront/contracts/store-hours';
import type { Db } from '../client';
import { discounts, serviceCharges } from '../schema/discounts';
import { locations } from '../schema/locations';
import { menus } from '../schema/menus';
import { DEMO_BRANDS, DEMO_LOCATIONS, DEMO_TIME_ZONE } from './locations';

type NewDiscount = typeof discounts.$inferInsert;

/** The demo coupons by code; the README's table lists the same. */
export function demoCoupons(mainMenuId: number, today: string): NewDiscount[] {
  const burgers = `${mainMenuId}-10`;
  const fries = `${mainMenuId}-30-301`;
  return [
    {
      code: 'WELCOME10',
      name: '10% off your order (up to $5)',
      kind: 'percent',
      value: 1000,
      maxDiscountCents: 500,
    },
    {
      code: 'SAVE5',
      name: '$5 off orders of $25 or more',
      kind: 'amount',
      value: 500,
      minSubtotalCents: 2500,
    },
    { code: 'BURGER20', name: '20% off burgers', kind: 'percent', value: 2000, categoryKeys: [burgers] },
    { code: 'FRIES', name: '$2 off fries', kind: 'amount', value: 200, itemPathKeys: [fries] },
    {
      code: 'DELIVERY3',
      name: '$3 off delivery orders',
      kind: 'amount',
      value: 300,
      fulfillmentMethods: [FULFILLMENT_METHOD.Delivery],
    },
    {
      code: 'CATERING15',
      name: '15% off catering orders',
      kind: 'percent',
      value: 1500,
      channels: [ORDER_CHANNEL.catering],
    },
    {
      code: 'DUPONT2',
      name: '$2 off at Dupont Circle',
      kind: 'amount',
      value: 200,
      locationIds: [DEMO_LOCATIONS.open],
    },
    { code: 'LIMITED10', name: '$3 off (10 uses in all)', kind: 'amount', value: 300, usageLimit: 10 },
    {
      code: 'ONCE25',
      name: '25% off, once per customer (up to $10)',
      kind: 'percent',
      value: 2500,
      maxDiscountCents: 1000,
      usageLimitPerCustomer: 1,
    },
    { code: 'SPRING', name: '$4 off (ended)', kind: 'amount', value: 400, validUntil: addDays(today, -30) },
    {
      code: 'NEXTMONTH',
      name: '$4 off (starts next month)',
      kind: 'amount',
      value: 400,
      validFrom: addDays(today, 30),
    },
  ];
}

export async function seedDiscounts(db: Db, now: Date = new Date()) {
  const [main] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.brandId, DEMO_BRANDS.capitalKitchen), eq(menus.catering, false)))
    .limit(1);
  if (!main) throw new Error('seedDiscounts: the main menu is missing');
  await db.insert(discounts).values(demoCoupons(main.id, localDateOf(now.getTime(), DEMO_TIME_ZONE)));
  // Automatic: Frederick takes 5% off orders of $100 or more, no code needed (21023).
  await db.insert(discounts).values({
    code: null,
    name: 'Big order: 5% off $100+',
    kind: 'percent',
    value: 500,
    minSubtotalCents: 10_000,
    locationIds: [DEMO_LOCATIONS.frederick],
  });
  const stores = await db.select({ id: locations.id }).from(locations);
  await db.insert(serviceCharges).values([
    // Every store: 10% on catering orders; 18% on parties of 25 items or more.
    ...stores.map((s) => ({
      locationId: s.id,
      name: 'Catering service',
      kind: 'percent' as const,
      value: 1000,
      cateringOnly: true,
    })),
    ...stores.map((s) => ({
      locationId: s.id,
      name: 'Large party',
      kind: 'percent' as const,
      value: 1800,
      minItemQuantity: 25,
    })),
    // The food hall adds $1.99 to delivery orders (shown as Service Charge beside the delivery fee and tip).
    {
      locationId: DEMO_LOCATIONS.foodHall,
      name: 'Delivery service',
      kind: 'amount' as const,
      value: 199,
      fulfillmentMethods: [FULFILLMENT_METHOD.Delivery],
    },
  ]);
}
