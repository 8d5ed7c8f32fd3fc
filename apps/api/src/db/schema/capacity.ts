/**
 * Kitchen capacity: how many orders and items a location's kitchen takes per 15-minute ready-time slot and
 * fulfilment method, and the load each slot has taken. A slot's load row is only ever changed by one guarded
 * upsert, so parallel placements cannot overbook it.
 */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, smallint, timestamp } from 'drizzle-orm/pg-core';
import { locations } from './locations';

export const locationSlotCapacities = pgTable(
  'location_slot_capacities',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** FULFILLMENT_METHOD: Delivery 0, Pickup 1, DineIn 2. */
    fulfillmentMethod: smallint('fulfillment_method').notNull(),
    /** Orders per slot; null = no limit. */
    maxOrders: integer('max_orders'),
    /** Items (units) per slot; null = no limit. */
    maxItems: integer('max_items'),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.fulfillmentMethod] }),
    check(
      'location_slot_capacities_positive_ck',
      sql`(${t.maxOrders} is null or ${t.maxOrders} > 0) and (${t.maxItems} is null or ${t.maxItems} > 0)`,
    ),
  ],
);

export const kitchenSlotLoads = pgTable(
  'kitchen_slot_loads',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    fulfillmentMethod: smallint('fulfillment_method').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    orders: integer('orders').notNull().default(0),
    items: integer('items').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.locationId, t.fulfillmentMethod, t.slotStart] }),
    check('kitchen_slot_loads_non_negative_ck', sql`${t.orders} >= 0 and ${t.items} >= 0`),
  ],
);
