import type { NextRequest } from 'next/server';
import { answerTrackingRequest } from '@/features/tracking/tracking-route';
import { getTrackingDetails } from '@/features/tracking/tracking.queries';

/** GET /tracking-details?orderId: the confirmation object, authenticated by the tracking token. */
export function GET(request: NextRequest) {
  return answerTrackingRequest(request, getTrackingDetails);
}
