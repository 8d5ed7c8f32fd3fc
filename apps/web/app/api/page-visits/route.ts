/**
 * POST /api/page-visits: the first-party analytics sink (ordering spec section 7). A page-visit event from this
 * storefront's own pages goes to the API's table with the guest's token (kept server-side). A request carrying
 * DNT: 1 or Sec-GPC: 1 is answered 204 and goes nowhere; so is one from a browser with no session yet. A sender
 * over the API's rate limit gets its 429.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { PageVisitEventSchema, optedOutOfTracking } from '@storefront/contracts/analytics';
import { apiRequest, currentAccessToken } from '@/lib/api';
import { refuseCrossSite } from '@/lib/origin-check';

const noContent = () => new NextResponse(null, { status: 204, headers: { 'cache-control': 'no-store' } });

export async function POST(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const optedOut = optedOutOfTracking({
    doNotTrack: request.headers.get('dnt'),
    globalPrivacyControl: request.headers.get('sec-gpc'),
  });
  if (optedOut) return noContent();
  const event = PageVisitEventSchema.safeParse(await request.json().catch(() => null));
  if (!event.success) {
    return NextResponse.json(
      { error: 'Invalid page visit' },
      { status: 400, headers: { 'cache-control': 'no-store' } },
    );
  }
  if (!(await currentAccessToken())) return noContent();
  const stored = await apiRequest(z.unknown(), 'marketing/page-visits', { method: 'POST', body: event.data });
  // The API's per-address limit is the sender's to honour: its 429 is passed on, not hidden behind a 204.
  if (!stored.ok && stored.status === 429) {
    return NextResponse.json(
      { error: 'Too many page visits' },
      { status: 429, headers: { 'cache-control': 'no-store' } },
    );
  }
  return noContent();
}
