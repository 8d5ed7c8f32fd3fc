/**
 * Page-visit analytics (ordering spec section 7: events carry page type, title, fulfillment method, store, menu,
 * item, category and order data). The storefront sends them to a pluggable sink; the first-party default posts
 * them to the API, which keeps them in its own table for the kitchen's small report. Nothing is sent, and the
 * API stores nothing, when the browser asks not to be tracked (Do Not Track or Global Privacy Control).
 */
import { z } from 'zod';
import { envelope } from './api';
import { IdSchema, refuseNul } from './bounds';
import { FulfillmentMethodSchema } from './enums';

export const PAGE_TYPES = [
  'search',
  'store',
  'item',
  'checkout',
  'payment',
  'confirmation',
  'tracking',
  'account',
  'other',
] as const;
export const PageTypeSchema = z.enum(PAGE_TYPES);
export type PageType = z.infer<typeof PageTypeSchema>;

const text = (max: number) => refuseNul(z.string().trim().max(max));

export const PageVisitEventSchema = z.object({
  pageType: PageTypeSchema,
  title: text(200),
  fulfillmentMethod: FulfillmentMethodSchema.nullable().optional(),
  locationId: IdSchema.nullable().optional(),
  menu: z.enum(['menu', 'catering']).nullable().optional(),
  itemPathKey: text(200).nullable().optional(),
  category: text(200).nullable().optional(),
  orderId: IdSchema.nullable().optional(),
});
export type PageVisitEvent = z.infer<typeof PageVisitEventSchema>;

/** POST marketing/page-visits: `recorded` false when the request asked not to be tracked (DNT or Sec-GPC). */
export const PageVisitResultSchema = z.object({ recorded: z.boolean() });
export const PageVisitResponseSchema = envelope(PageVisitResultSchema);

export const PAGE_VISIT_REPORT_DAYS_MAX = 90;
export const PageVisitReportQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(PAGE_VISIT_REPORT_DAYS_MAX).default(7),
});
export const PageVisitReportSchema = z.object({
  days: z.number().int(),
  total: z.number().int(),
  byPageType: z.array(z.object({ pageType: PageTypeSchema, visits: z.number().int() })),
  byLocation: z.array(z.object({ locationId: z.number().int(), name: z.string(), visits: z.number().int() })),
});
export type PageVisitReport = z.infer<typeof PageVisitReportSchema>;
export const PageVisitReportResponseSchema = envelope(PageVisitReportSchema);

export { optedOutOfTracking } from './analytics-signals';
