/**
 * Orders placed to be paid at the store (offline credit), with who placed them: the caps on open unpaid orders
 * (per guest and per store, README 'Pay at the Store') count these rows whose order is not yet completed.
 * Written in the placing transaction, so a row exists exactly when its pay-later order was placed.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { locations } from './locations';
import { orders } from './orders';

export const payLaterOrders = pgTable(
  'pay_later_orders',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** The signed-in customer who placed it (the order's user id), if any. */
    customerId: integer('customer_id'),
    /** The order's contact phone, digits only; null when it had none. */
    contactPhone: text('contact_phone'),
    /** The order's contact e-mail, lower case; null when it had none. */
    contactEmail: text('contact_email'),
    /** The client address the placement came from (the API's view of the peer, after TRUST_PROXY). */
    clientAddress: text('client_address'),
    /** What is left to collect at the store. */
    dueCents: integer('due_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pay_later_orders_location_idx').on(t.locationId),
    index('pay_later_orders_customer_idx').on(t.customerId),
    index('pay_later_orders_phone_idx').on(t.contactPhone),
    index('pay_later_orders_email_idx').on(t.contactEmail),
    index('pay_later_orders_address_idx').on(t.clientAddress),
    check('pay_later_orders_due_ck', sql`${t.dueCents} > 0`),
  ],
);
