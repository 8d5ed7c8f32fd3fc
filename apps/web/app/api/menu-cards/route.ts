/**
 * The store page's cards beyond its first paint (menu-view.ts FIRST_PAINT_ITEMS): `?locationId=&menuType=` with
 * the page's `brandIds` (comma-separated, the brand filter) and `fulfillmentMethod` (the guest's, for 'Not
 * available for …') answers `{ categories: [{ anchor, layout, items }] }` from the same menu snapshot the page drew.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { FulfillmentMethodSchema } from '@storefront/contracts/enums';
import { buildMenuView, deferredCards } from '@/features/menu/menu-view';
import { getMenu } from '@/features/menu/menu.queries';

const QuerySchema = z.object({
  locationId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  menuType: z.enum(['menu', 'catering']),
  brandIds: z
    .string()
    .regex(/^\d+(,\d+)*$/)
    .optional(),
  fulfillmentMethod: z.coerce.number().pipe(FulfillmentMethodSchema).optional(),
});

const noStore = { 'cache-control': 'private, no-store' };

export async function GET(request: NextRequest) {
  const query = QuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) {
    return NextResponse.json({ message: 'Invalid menu request' }, { status: 400, headers: noStore });
  }
  const { locationId, menuType, brandIds, fulfillmentMethod } = query.data;
  const menu = await getMenu(locationId, menuType === 'catering', undefined, brandIds ?? null);
  if (!menu.ok) {
    return NextResponse.json(
      { message: menu.message },
      { status: menu.status >= 400 && menu.status < 500 ? menu.status : 502, headers: noStore },
    );
  }
  const categories = deferredCards(buildMenuView(menu.menu, fulfillmentMethod ?? null));
  return NextResponse.json({ categories }, { headers: noStore });
}
