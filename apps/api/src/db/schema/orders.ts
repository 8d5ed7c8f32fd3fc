/**
 * Orders being built and placed: the order (owned by the token's session), its items with their selected
 * modifiers, and the status history. Money is integer cents; the API recomputes every total with the
 * contracts' pricing function. `placedAt` null = still being built (modifiable); status 1-4 once placed.
 */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { DiscountLine, ServiceChargeLine } from '@storefront/contracts/discount-engine';
import type { PickupFieldValue } from '@storefront/contracts/checkout';
import { locations } from './locations';
import { menuSnapshots } from './menus';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** The session id (`sid`) of the access token that created it: only that session may touch it. */
    sessionId: text('session_id').notNull(),
    userId: integer('user_id'),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => menuSnapshots.id),
    /** ORDER_CHANNEL: the token's app type (105, 106, 107). */
    orderChannel: smallint('order_channel').notNull(),
    /** FULFILLMENT_METHOD (0 delivery, 1 pickup, 2 dine-in). */
    fulfillmentMethod: smallint('fulfillment_method').notNull().default(1),
    /** ORDER_STATUS 1-4 once placed; null while the guest builds the order. */
    status: smallint('status'),
    placedAt: timestamp('placed_at', { withTimezone: true }),
    orderDateTime: timestamp('order_date_time', { withTimezone: true }),
    notes: text('notes'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    serviceChargeCents: integer('service_charge_cents').notNull().default(0),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(1000),
    /** The discount engine's lines behind discountCents and serviceChargeCents, stored with them. */
    discountLines: jsonb('discount_lines').$type<DiscountLine[]>().notNull().default([]),
    serviceChargeLines: jsonb('service_charge_lines').$type<ServiceChargeLine[]>().notNull().default([]),
    salesTaxCents: integer('sales_tax_cents').notNull().default(0),
    /** Set by checkout; counted in the total. */
    tipCents: integer('tip_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    // Checkout (modules/checkout): contact, pickup data, placement.
    contactFirstName: text('contact_first_name'),
    contactLastName: text('contact_last_name'),
    /** Last 10 digits. */
    contactPhone: text('contact_phone'),
    contactEmail: text('contact_email'),
    /** PICKUP_TYPE (0 walk-in, 1 curbside, 2 drive-thru). */
    pickupOption: smallint('pickup_option'),
    carColor: smallint('car_color'),
    carType: smallint('car_type'),
    fulfillmentPlace: text('fulfillment_place'),
    /** The guest's answers to the pickup option's additional fields (id, value); null when none. */
    pickupFields: jsonb('pickup_fields').$type<PickupFieldValue[]>(),
    /** Delivery orders: the address (GET/PUT delivery-address), its zone's fee and the driver's tip. */
    deliveryLine1: text('delivery_line1'),
    deliveryLine2: text('delivery_line2'),
    deliveryCity: text('delivery_city'),
    deliveryStateCode: text('delivery_state_code'),
    deliveryZipCode: text('delivery_zip_code'),
    deliveryFeeCents: integer('delivery_fee_cents').notNull().default(0),
    deliveryMinOrderCents: integer('delivery_min_order_cents'),
    driverTipCents: integer('driver_tip_cents'),
    /** The delivery-driver provider's id for the delivery (sandbox DoordashDrive), once placed. */
    deliveryProviderRef: text('delivery_provider_ref'),
    /** The ready time the guest scheduled (PUT ready-time); null is ASAP. */
    scheduledReadyAt: timestamp('scheduled_ready_at', { withTimezone: true }),
    /** When the order is expected to be ready (set at placement: ASAP estimate or the scheduled time). */
    expectedReadyAt: timestamp('expected_ready_at', { withTimezone: true }),
    /** Human reference shown on tracking and in the kitchen; set at placement. */
    referenceNumber: text('reference_number'),
    /** NOTIFICATION_TYPE values the guest opted into at placement. */
    guestNotificationTypes: smallint('guest_notification_types').array(),
    /**
     * When the guest's phone was verified by SMS code for this order (modules/verification); a payment method that
     * requires a verified identity also needs the verified token the verification answered.
     */
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true }),
    /** The phone (E.164) that was verified: the verification holds only while the order's contact phone is it. */
    identityVerifiedPhone: text('identity_verified_phone'),
    /**
     * When the late text was handled (jobs/late-texts.ts): written to the outbox, or found not to be sent (no
     * textable phone, a number that replied STOP). Set once, by a guarded update in the transaction that writes the
     * text, so the order is texted about being late at most once.
     */
    lateTextSentAt: timestamp('late_text_sent_at', { withTimezone: true }),
    /**
     * When staff cancelled the placed order before it was completed (POST staff/orders/{id}/cancellation). A
     * cancelled order keeps the status it had and moves no further; the kitchen's active rails drop it.
     */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why, as staff said (optional, shown on the kitchen board). */
    cancelReason: text('cancel_reason'),
    /**
     * When every charge of the cancelled order was certainly voided or refunded and every gift-card capture
     * released; null while some of its money is still on its way back (a retried cancellation or the
     * reconciliation worker, jobs/reconcile-payments.ts, finishes it).
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_session_idx').on(t.sessionId),
    // A customer's history, newest first (GET guests/past-orders pages by id).
    index('orders_user_placed_idx')
      .on(t.userId, t.id)
      .where(sql`${t.userId} is not null and ${t.placedAt} is not null`),
    uniqueIndex('orders_reference_number_uq').on(t.referenceNumber),
    index('orders_location_status_idx').on(t.locationId, t.status),
    // The kitchen screen's open orders of every store (GET staff/locations): the few placed, not yet picked up
    // among a year of orders, without reading the year.
    index('orders_open_idx')
      .on(t.locationId, t.status)
      .where(sql`${t.placedAt} is not null and ${t.status} in (1, 2, 3)`),
    // The late-text job's search: placed orders not yet ready whose late text is not handled, by ready time.
    index('orders_late_text_due_idx')
      .on(t.expectedReadyAt)
      .where(sql`${t.lateTextSentAt} is null and ${t.status} in (1, 2)`),
    // The reconciliation's search: cancelled orders whose money is not yet certainly back.
    index('orders_cancel_refund_due_idx')
      .on(t.cancelledAt)
      .where(sql`${t.cancelledAt} is not null and ${t.refundedAt} is null`),
    check('orders_refunded_ck', sql`${t.refundedAt} is null or ${t.cancelledAt} is not null`),
    check('orders_status_ck', sql`${t.status} is null or ${t.status} between 1 and 4`),
    check('orders_money_ck', sql`${t.subtotalCents} >= 0 and ${t.totalCents} >= 0 and ${t.tipCents} >= 0`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    itemPathKey: text('item_path_key').notNull(),
    title: text('title').notNull(),
    quantity: smallint('quantity').notNull(),
    portionId: integer('portion_id'),
    portionTitle: text('portion_title'),
    /** One unit with its modifiers. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    note: text('note'),
    crossSellOfferId: text('cross_sell_offer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    check('order_items_quantity_ck', sql`${t.quantity} between 1 and 20`),
  ],
);

export const orderItemModifiers = pgTable(
  'order_item_modifiers',
  {
    id: serial('id').primaryKey(),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    itemPathKey: text('item_path_key').notNull(),
    title: text('title').notNull(),
    quantity: smallint('quantity').notNull(),
    portionId: integer('portion_id'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    includedQuantity: smallint('included_quantity').notNull().default(0),
    /** What it adds to one unit of the item. */
    priceCents: integer('price_cents').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [index('order_item_modifiers_item_idx').on(t.orderItemId)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    /** 'guest', 'staff' or 'system'. */
    source: text('source').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.changedAt)],
);
