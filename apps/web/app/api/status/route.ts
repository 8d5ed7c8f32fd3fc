import type { NextRequest } from 'next/server';
import { answerTrackingRequest } from '@/features/tracking/tracking-route';
import { getTrackingStatus } from '@/features/tracking/tracking.queries';

/**
 * GET /api/status?orderId: `{ statusId, cancelled }` (cancelled: the store cancelled the order), authenticated
 * by the tracking token (Authorization header).
 */
export function GET(request: NextRequest) {
  return answerTrackingRequest(request, getTrackingStatus, (status) => ({
    statusId: status.statusId,
    cancelled: Boolean(status.cancellation),
  }));
}
