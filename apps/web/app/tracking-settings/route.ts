import type { NextRequest } from 'next/server';
import { answerTrackingRequest } from '@/features/tracking/tracking-route';
import { getTrackingSettings } from '@/features/tracking/tracking.queries';

/** GET /tracking-settings?orderId: `{ fulfillmentSettings: { availablePickupMethods } }`, with the tracking token. */
export function GET(request: NextRequest) {
  return answerTrackingRequest(request, getTrackingSettings);
}
