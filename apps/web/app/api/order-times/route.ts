/**
 * Same-origin ready-time slots for the schedule dialog: `?locationId=&fulfillmentMethod=&catering=` answers
 * `{ days: [{ date, times }] }` for the coming days; with `customDate=YYYY-MM-DD` only that date (reloaded when
 * the guest changes the date). Failures answer an empty list with the status.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { IdParamSchema, NearDateSchema } from '@storefront/contracts/bounds';
import { FulfillmentMethodSchema } from '@storefront/contracts/enums';
import { OrderTimeOptionsSchema } from '@storefront/contracts/locations';
import { apiRequest } from '@/lib/api';

const QuerySchema = z.object({
  locationId: IdParamSchema,
  fulfillmentMethod: z.coerce.number().pipe(FulfillmentMethodSchema),
  catering: z.enum(['true', 'false']).transform((v) => v === 'true'),
  // A real date near today (the API narrows it to the store's days): anything else is answered here.
  customDate: NearDateSchema.optional(),
});

const noStore = { 'cache-control': 'private, no-store' };

export async function GET(request: NextRequest) {
  const query = QuerySchema.safeParse(Object.fromEntries(request.nextUrl.searchParams));
  if (!query.success) return NextResponse.json({ days: [] }, { status: 400, headers: noStore });
  const { locationId, ...rest } = query.data;
  const result = await apiRequest(z.array(OrderTimeOptionsSchema), `locations/${locationId}/order-times`, {
    query: rest,
  });
  if (!result.ok) {
    return NextResponse.json(
      { days: [] },
      { status: result.status >= 500 ? 502 : result.status, headers: noStore },
    );
  }
  return NextResponse.json({ days: result.value }, { headers: noStore });
}
