/** Marketing campaigns: the promo popup shown on a brand's store pages. */
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
