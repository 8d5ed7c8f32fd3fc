/** GET /api/feature-flags: the enabled feature flags as a list of `{ name }` (same-origin, for client islands). */
import { getEnabledFeatureFlags } from '@/lib/feature-flags';

export async function GET() {
  const names = await getEnabledFeatureFlags();
  return Response.json(
    names.map((name) => ({ name })),
    { headers: { 'cache-control': 'private, max-age=10' } },
  );
}
