import type { NextRequest } from 'next/server';
import { answerAccessToken } from '@/features/session/access-token-route';

/** POST /api/access-token with the /loyalty-sso return's { code, state, iss }: the loyalty sign-in's exchange. */
export function POST(request: NextRequest) {
  return answerAccessToken(request);
}
