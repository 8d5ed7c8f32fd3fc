/**
 * Discounts: coupons (a code) and automatic discounts (no code), the one coupon on an order being built, each
 * coupon's redemptions by placed orders, and the stores' service charges. The rules that read them are the
 * contracts' discount engine (discount-engine.ts); amounts are integer cents, percentages basis points.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { orders } from './orders';

export const discounts = pgTable(
  'discounts',
  {
    id: serial('id').primaryKey(),
    /** The coupon code, upper case (normalizeCouponCode); null for an automatic discount. */
    code: text('code'),
    name: text('name').notNull(),
    /** 'percent' (value in basis points) or 'amount' (value in cents). */
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    value: integer('value').notNull(),
    /** Empty lists = the whole order; else the lines with these top-level item keys or in these categories. */
    itemPathKeys: text('item_path_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    categoryKeys: text('category_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    maxDiscountCents: integer('max_discount_cents'),
    /** Inclusive, in the store's time zone; null = open-ended. */
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    /** null = any channel / fulfilment method / store. */
    channels: smallint('channels').array(),
    fulfillmentMethods: smallint('fulfillment_methods').array(),
    locationIds: integer('location_ids').array(),
    usageLimit: integer('usage_limit'),
    usageLimitPerCustomer: integer('usage_limit_per_customer'),
    /** Placed orders that used it; raised only under the row's lock at placement (never past usage_limit). */
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discounts_code_uq').on(t.code),
    check('discounts_kind_ck', sql`${t.kind} in ('percent', 'amount')`),
    check(
      'discounts_value_ck',
      sql`${t.value} >= 0 and (${t.kind} = 'amount' or ${t.value} <= 10000) and ${t.minSubtotalCents} >= 0`,
    ),
    check(
      'discounts_used_ck',
      sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`,
    ),
  ],
);

/** The coupon on an order being built: one per order (the primary key). */
export const orderCoupons = pgTable('order_coupons', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  discountId: integer('discount_id')
    .notNull()
    .references(() => discounts.id),
  /** The discount line's instanceId (DELETE sales/orders/{id}/discounts/{instanceId}). */
  instanceId: text('instance_id').notNull(),
  /** The code as the guest typed it (shown back as couponCode). */
  couponCode: text('coupon_code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per placed order that used a coupon: the per-customer count reads these. */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    discountId: integer('discount_id')
      .notNull()
      .references(() => discounts.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'user:<id>' for a signed-in customer, else 'email:<contact e-mail, lower case>'. */
    customerKey: text('customer_key').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_order_uq').on(t.orderId),
    index('discount_redemptions_customer_idx').on(t.discountId, t.customerKey),
  ],
);

/** A store's service charges (catering, large party, delivery service), applied by the discount engine. */
export const serviceCharges = pgTable(
  'service_charges',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'percent' | 'amount'>().notNull(),
    value: integer('value').notNull(),
    /** Only orders on the store's catering menu. */
    cateringOnly: boolean('catering_only').notNull().default(false),
    channels: smallint('channels').array(),
    fulfillmentMethods: smallint('fulfillment_methods').array(),
    minItemQuantity: integer('min_item_quantity').notNull().default(0),
    minSubtotalCents: integer('min_subtotal_cents').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    index('service_charges_location_idx').on(t.locationId),
    check('service_charges_kind_ck', sql`${t.kind} in ('percent', 'amount')`),
    check('service_charges_value_ck', sql`${t.value} >= 0`),
  ],
);
