import 'server-only';
import { IdParamSchema } from '@storefront/contracts/bounds';
import { clientAddressHeaders } from '@/lib/client-address';
import { env } from '@/lib/env';
import { getStaffSession } from './kitchen-cookie';

const NO_STORE = { 'cache-control': 'no-store' };

const refusal = (status: number, message: string) =>
  Response.json(
    { value: null, succeed: false, errors: [{ key: 'KitchenEvents', code: status, message }] },
    {
      status,
      headers: NO_STORE,
    },
  );

/**
 * GET /kitchen/events?location={id}: the API's live stream of the location's order changes, passed through to
 * the kitchen screen (the browser talks only to the storefront; the staff session stays in its httpOnly cookie,
 * which only /kitchen paths receive). The upstream request ends when the screen goes away. Refusals keep their
 * status (401: the screen signs in again; 503: it keeps polling and tries again later).
 */
export async function streamKitchenEvents(request: Request): Promise<Response> {
  const location = IdParamSchema.safeParse(new URL(request.url).searchParams.get('location'));
  if (!location.success) return refusal(400, 'A location is required');
  const token = await getStaffSession();
  if (!token) return refusal(401, 'Missing staff session');
  const headers: Record<string, string> = {
    accept: 'text/event-stream',
    authorization: `Bearer ${token}`,
    ...clientAddressHeaders(request.headers),
  };
  let upstream: Response;
  try {
    upstream = await fetch(new URL(`/v1/staff/locations/${location.data}/events`, env.API_URL), {
      headers,
      cache: 'no-store',
      signal: request.signal,
    });
  } catch {
    return refusal(503, 'Live updates are not available at this moment');
  }
  if (!upstream.ok || !upstream.body) {
    await upstream.body?.cancel();
    return refusal(upstream.status === 200 ? 503 : upstream.status, 'Live updates are not available');
  }
  return new Response(upstream.body, {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: Next's compression (like any proxy's) would hold events back to fill a gzip block.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    },
  });
}
