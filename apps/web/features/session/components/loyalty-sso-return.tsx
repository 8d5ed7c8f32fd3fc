'use client';

import { useEffect, useRef } from 'react';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';
import { solveInvisibleChallenge } from '@/lib/captcha/invisible-captcha';
import { replacePage } from '@/lib/hard-navigation';
import { DEFAULT_RETURN_PATH, withLoginResult, type LoginResult } from '../loyalty-sign-in';

export interface LoyaltySsoParams {
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

/** What /api/access-token answers (success or failure alike carry the value). */
interface AccessTokenAnswer {
  value?: { loginResult?: LoginResult; returnPath?: string } | null;
}

/**
 * /loyalty-sso: the loyalty program sends the member back here with `code` and `state` (or `error`). The page
 * hands them, with a solved invisible captcha, to the same-origin POST /api/access-token once and goes back to the page the sign-in began on,
 * with loginResult=success or loginResult=failure (which that page shows and takes away).
 */
export function LoyaltySsoReturn({ params }: { params: LoyaltySsoParams }) {
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const returned = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null));
    // The exchange carries a solved invisible captcha when one can be had (the API checks it); without one the
    // exchange still rests on the state this browser's sign-in began with.
    const solving = returned.code ? solveInvisibleChallenge() : Promise.resolve(null);
    void solving
      .then((recaptchaInput) =>
        fetch('/api/access-token', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(recaptchaInput ? { ...returned, recaptchaInput } : returned),
        }),
      )
      .then((res) => res.json() as Promise<AccessTokenAnswer>)
      .then(
        (answer) => {
          const result = answer.value?.loginResult === 'success' ? 'success' : 'failure';
          replacePage(withLoginResult(answer.value?.returnPath ?? DEFAULT_RETURN_PATH, result));
        },
        () => replacePage(withLoginResult(DEFAULT_RETURN_PATH, 'failure')),
      );
  }, [params]);
  return (
    <main id={MAIN_CONTENT_ID} className="mx-auto flex w-full max-w-xl flex-col gap-2 px-4 py-16 text-center">
      <h1 className="font-display text-2xl font-bold text-gray-900">Signing you in</h1>
      <p role="status">One moment while we finish signing you in…</p>
    </main>
  );
}
