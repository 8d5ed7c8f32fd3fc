/**
 * Menus as immutable snapshots. A snapshot is one location's menu (main or catering) at one moment: its nodes
 * (categories, items, groups, modifiers) are stored one row per item path key and never change afterwards;
 * publishing a change means a new snapshot and moving the location's pointer. Portions, pictures and the
 * location -> menu link live here too. Prices are integer cents.
 */
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { MenuNode } from '@storefront/contracts/menu';
import { brands, locations } from './locations';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** A node as stored: no children (rows are linked by key) and prices in cents. */
export interface StoredMenuNode extends Omit<MenuNode, 'children' | 'lastNode' | 'priceAttribute'> {
  priceAttribute: {
    priceType: NonNullable<MenuNode['priceAttribute']>['priceType'];
    prices: { portionTypeId: number | null; priceCents: number; default: boolean; isOutOfStock: boolean }[];
    propagatePortionSelection: boolean;
  } | null;
}

export const portions = pgTable('portions', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  tare: integer('tare'),
  unitType: text('unit_type'),
});

/** Pictures stored with the menu (original bytes); resized on request and cached immutably. */
export const images = pgTable('images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** Where it came from (e.g. 'fluent-emoji-flat:hamburger'). */
  source: text('source'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menus = pgTable('menus', {
  id: serial('id').primaryKey(),
  brandId: integer('brand_id').references(() => brands.id),
  title: text('title').notNull(),
  catering: boolean('catering').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const menuSnapshots = pgTable(
  'menu_snapshots',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id),
    catering: boolean('catering').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('menu_snapshots_location_idx').on(t.locationId, t.catering)],
);

/** The item tree of a snapshot by item path key; `position` orders siblings. */
export const menuSnapshotNodes = pgTable(
  'menu_snapshot_nodes',
  {
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => menuSnapshots.id, { onDelete: 'cascade' }),
    itemPathKey: text('item_path_key').notNull(),
    parentPathKey: text('parent_path_key'),
    position: integer('position').notNull(),
    node: jsonb('node').$type<StoredMenuNode>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.snapshotId, t.itemPathKey] }),
    index('menu_snapshot_nodes_parent_idx').on(t.snapshotId, t.parentPathKey),
  ],
);

/** The snapshot a location currently serves, per menu kind (main or catering). */
export const locationMenus = pgTable(
  'location_menus',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    catering: boolean('catering').notNull().default(false),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id),
    snapshotId: integer('snapshot_id')
      .notNull()
      .references(() => menuSnapshots.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.catering] })],
);
