import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { PageTypeSchema, type PageVisitEvent, type PageVisitReport } from '@storefront/contracts/analytics';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema/locations';
import { pageVisits } from '../../db/schema/marketing';

/** Keeps one page visit (the first-party analytics sink). */
export async function recordPageVisit(db: Db, event: PageVisitEvent): Promise<void> {
  await db.insert(pageVisits).values({
    pageType: event.pageType,
    title: event.title,
    fulfillmentMethod: event.fulfillmentMethod ?? null,
    locationId: event.locationId ?? null,
    menu: event.menu ?? null,
    itemPathKey: event.itemPathKey ?? null,
    category: event.category ?? null,
    orderId: event.orderId ?? null,
  });
}

/** The kitchen's report: visits of the last `days` days, by page type and by store (most visited first). */
export async function pageVisitReport(db: Db, days: number, now = new Date()): Promise<PageVisitReport> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const recent = gte(pageVisits.occurredAt, since);
  const byType = await db
    .select({ pageType: pageVisits.pageType, visits: count() })
    .from(pageVisits)
    .where(recent)
    .groupBy(pageVisits.pageType)
    .orderBy(desc(count()), pageVisits.pageType);
  const byLocation = await db
    .select({ locationId: locations.id, name: locations.name, visits: count() })
    .from(pageVisits)
    .innerJoin(locations, eq(locations.id, pageVisits.locationId))
    .where(and(recent, sql`${pageVisits.locationId} is not null`))
    .groupBy(locations.id, locations.name)
    .orderBy(desc(count()), locations.id);
  const typed = byType.flatMap((row) => {
    const pageType = PageTypeSchema.safeParse(row.pageType);
    return pageType.success ? [{ pageType: pageType.data, visits: Number(row.visits) }] : [];
  });
  return {
    days,
    total: typed.reduce((sum, row) => sum + row.visits, 0),
    byPageType: typed,
    byLocation: byLocation.map((row) => ({ ...row, visits: Number(row.visits) })),
  };
}
