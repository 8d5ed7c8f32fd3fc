import { NextResponse, type NextRequest } from 'next/server';
import { LivePriceRequestSchema } from '@/features/item/item-pricing';
import { priceLiveRequest } from '@/features/item/item.queries';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import { isFeatureEnabled } from '@/lib/feature-flags';
import { refuseCrossSite } from '@/lib/origin-check';

/**
 * POST /api/pricing: the item page's live price, confirmed by the API (same origin; the token stays server-side).
 * Under the 'disable real-time pricing' flag the pages do not ask, and a stale page asking is answered 404
 * without a call to the API (the local price stays on its screen).
 */
export async function POST(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  if (await isFeatureEnabled(FEATURE_FLAG.disableRealTimePricing)) {
    return NextResponse.json({ error: 'Real-time pricing is disabled' }, { status: 404 });
  }
  const body: unknown = await request.json().catch(() => null);
  const parsed = LivePriceRequestSchema.safeParse(body);
  if (!parsed.success) {
    return NextResponse.json({ error: 'Invalid pricing request' }, { status: 400 });
  }
  const result = await priceLiveRequest(parsed.data);
  if (!result.ok) {
    return NextResponse.json(
      { errors: result.errors },
      { status: result.status >= 500 ? 502 : result.status },
    );
  }
  return NextResponse.json(result.value, { headers: { 'cache-control': 'no-store' } });
}
