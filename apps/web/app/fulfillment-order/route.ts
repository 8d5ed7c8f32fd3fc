import { NextResponse, type NextRequest } from 'next/server';
import { PickupDataBodySchema } from '@storefront/contracts/checkout';
import { answerTrackingRequest } from '@/features/tracking/tracking-route';
import { updateTrackedPickup } from '@/features/tracking/tracking.queries';
import { refuseCrossSite } from '@/lib/origin-check';

/**
 * PUT /fulfillment-order?orderId: the tracking page's pickup option change (pickupOption, carColor, carType,
 * fulfillmentPlace, each only if set), with the tracking token in the Authorization header.
 */
export async function PUT(request: NextRequest) {
  const refused = refuseCrossSite(request);
  if (refused) return refused;
  const body = PickupDataBodySchema.safeParse(await request.json().catch(() => null));
  if (!body.success) {
    return NextResponse.json(
      { errors: [{ key: 'body', code: 400, message: body.error.issues[0]?.message ?? 'Invalid body' }] },
      { status: 400 },
    );
  }
  return answerTrackingRequest(
    request,
    (orderId, token) => updateTrackedPickup(orderId, token, body.data),
    () => ({
      ok: true,
    }),
  );
}
