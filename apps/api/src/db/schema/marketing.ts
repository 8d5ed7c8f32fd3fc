/** Marketing: the promo popup campaigns shown on a brand's store pages and the brand's cross-sell offers. */
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './locations';

export const promoCampaigns = pgTable(
  'promo_campaigns',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    mobileImageUrl: text('mobile_image_url').notNull(),
    desktopImageUrl: text('desktop_image_url').notNull(),
    imageTargetUrl: text('image_target_url'),
    closeButtonLabel: text('close_button_label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('promo_campaigns_brand_idx').on(t.brandId, t.enabled)],
);

/**
 * A brand's cross-sell offer: shown when one of its trigger items is added or checked out (per the item's
 * crossSellTriggerMode in the menu), proposing the offered items in order. Items are menu item master ids, so one
 * offer serves every location and snapshot of the brand; offered items missing from a snapshot are left out.
 */
export const crossSellOffers = pgTable(
  'cross_sell_offers',
  {
    id: text('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    /** null: the storefront shows 'Complete Your Meal!'. */
    title: text('title'),
    /** null: the storefront shows its default description. */
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    position: integer('position').notNull().default(0),
    triggerItemMasterIds: integer('trigger_item_master_ids').array().notNull(),
    offeredItemMasterIds: integer('offered_item_master_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('cross_sell_offers_brand_idx').on(t.brandId, t.enabled)],
);

/**
 * Page visits of the storefront (ordering spec section 7), the first-party analytics sink: one row per page shown
 * to a browser that did not opt out (DNT, GPC). No guest, token or address is kept.
 */
export const pageVisits = pgTable(
  'page_visits',
  {
    id: serial('id').primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    pageType: text('page_type').notNull(),
    title: text('title').notNull(),
    fulfillmentMethod: integer('fulfillment_method'),
    locationId: integer('location_id'),
    menu: text('menu'),
    itemPathKey: text('item_path_key'),
    category: text('category'),
    orderId: integer('order_id'),
  },
  (t) => [index('page_visits_occurred_at_idx').on(t.occurredAt)],
);
