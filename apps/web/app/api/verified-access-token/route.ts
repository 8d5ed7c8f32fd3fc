import type { NextRequest } from 'next/server';
import { answerVerifiedAccessToken } from '@/features/checkout/verification-route';

/** POST /api/verified-access-token?orderId with { digits }: checks the code and keeps the verified token. */
export function POST(request: NextRequest) {
  return answerVerifiedAccessToken(request);
}
