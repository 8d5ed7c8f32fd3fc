import type { NextRequest } from 'next/server';
import { answerCodeGeneration } from '@/features/checkout/verification-route';

/** POST /api/verification-code-generations?orderId: texts a one-time code to the order's phone. */
export function POST(request: NextRequest) {
  return answerCodeGeneration(request);
}
