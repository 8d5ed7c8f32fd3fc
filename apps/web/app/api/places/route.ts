/**
 * Same-origin address search for the location search box: `?input=` answers `{ suggestions }` (an empty list
 * on any failure, as the spec says), `?placeId=` answers `{ place }` or 404 with the spec's message.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enums';
import { PLACE_NOT_SUPPORTED_MESSAGE, PLACE_SEARCH_MIN_CHARS } from '@storefront/contracts/geo';
import { PlaceDetailsSchema, PlaceSuggestionSchema } from '@storefront/contracts/locations';
import { apiRequest } from '@/lib/api';
import { isDebugMode } from '@/lib/debug-mode';

const QuerySchema = z.union([
  z.object({ placeId: z.string().trim().min(1).max(300) }),
  z.object({ input: z.string().trim().max(200), method: z.enum(['pickup', 'delivery']).catch('pickup') }),
]);

const noStore = { 'cache-control': 'private, no-store' };

export async function GET(request: NextRequest) {
  const params = Object.fromEntries(request.nextUrl.searchParams);
  const query = QuerySchema.safeParse(params);
  if (!query.success) {
    return NextResponse.json({ error: 'input or placeId is required' }, { status: 400, headers: noStore });
  }
  if ('placeId' in query.data) {
    const result = await apiRequest(PlaceDetailsSchema, `places/${encodeURIComponent(query.data.placeId)}`);
    if (!result.ok) {
      return NextResponse.json(
        { error: PLACE_NOT_SUPPORTED_MESSAGE },
        { status: result.status === 404 || result.status === 400 ? 404 : 502, headers: noStore },
      );
    }
    return NextResponse.json({ place: result.value }, { headers: noStore });
  }
  const { input, method } = query.data;
  if (input.length < PLACE_SEARCH_MIN_CHARS)
    return NextResponse.json({ suggestions: [] }, { headers: noStore });
  const result = await apiRequest(z.array(PlaceSuggestionSchema), 'places/autocomplete', {
    query: {
      input,
      fulfillmentMethod: method === 'delivery' ? FULFILLMENT_METHOD.Delivery : FULFILLMENT_METHOD.Pickup,
      // Debug mode: suggestions are not limited to the US.
      ...((await isDebugMode()) ? { anyRegion: true } : {}),
    },
  });
  return NextResponse.json({ suggestions: result.ok ? result.value : [] }, { headers: noStore });
}
