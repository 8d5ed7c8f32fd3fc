'use client';

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { ACCOUNT_ERROR, ACCOUNT_MESSAGES, ACTIVATION_RETRY_MS } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { CaptchaConfig } from '../captcha-config';
import { activateAccount as activateAccountAction } from '../session.actions';
import { SessionDialogs, type SessionDialogKind } from './session-dialogs';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';
import { focusIfLost } from '@/components/ui/route-focus';

type Activation = { state: 'pending' } | { state: 'success' } | { state: 'failed'; code: string };

/**
 * /activation?email=&token= (checkout-account sections 2 and 4: pending, success, failed, retry). The link is
 * used from the browser's script, not by the page's GET, so a mail scanner that fetches links does not spend it.
 * Missing parameters are code 9000 'Missing parameters for activation' without a call.
 */
export function ActivationScreen({
  email,
  token,
  orderNowHref,
  captcha,
  activateAccount = activateAccountAction,
}: {
  email: string | null;
  token: string | null;
  /** The selected store's menu, else '/'. */
  orderNowHref: string;
  captcha: CaptchaConfig;
  activateAccount?: typeof activateAccountAction;
}) {
  const missing = !email || !token;
  const [activation, setActivation] = useState<Activation>(
    missing
      ? { state: 'failed', code: String(ACCOUNT_ERROR.MissingActivationParameters) }
      : { state: 'pending' },
  );
  const [dialog, setDialog] = useState<SessionDialogKind | null>(null);
  const started = useRef(false);

  const run = async () => {
    try {
      const result = await activateAccount({ email, token });
      setActivation(result.ok ? { state: 'success' } : { state: 'failed', code: result.error.code });
    } catch {
      setActivation({ state: 'failed', code: 'Unknown' });
    }
  };

  useEffect(() => {
    if (missing || started.current) return;
    started.current = true;
    void run();
    // Once, on arrival: 'Try again' runs it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Each state replaces the last one's heading and buttons ('Try again' included): focus goes to the new
  // heading when it was lost with them, and a screen reader reads the outcome.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    focusIfLost(heading.current);
  }, [activation.state]);

  const retry = () => {
    setActivation({ state: 'pending' });
    setTimeout(() => void run(), ACTIVATION_RETRY_MS);
  };

  return (
    <main
      id={MAIN_CONTENT_ID}
      className="mx-auto flex w-full max-w-lg flex-1 flex-col items-center gap-5 px-4 py-16 text-center"
    >
      {activation.state === 'pending' ? (
        <>
          <Spinner label="Verifying..." />
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
            Verifying...
          </h1>
        </>
      ) : activation.state === 'success' ? (
        <>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
            {ACCOUNT_MESSAGES.activationSucceeded}
          </h1>
          <p className="text-gray-700">You can sign in and start ordering.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Link
              href={orderNowHref}
              className="inline-flex min-h-11 items-center rounded-full bg-button px-6 font-semibold text-button-fg"
            >
              Order Now
            </Link>
            {/* The page says they can sign in: offer it, with the verified e-mail filled in. */}
            <Button variant="secondary" onClick={() => setDialog('login')}>
              Sign in
            </Button>
          </div>
        </>
      ) : (
        <>
          <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
            {ACCOUNT_MESSAGES.activationFailed}
          </h1>
          {activation.code === String(ACCOUNT_ERROR.MissingActivationParameters) ? (
            <p className="text-gray-700">{ACCOUNT_MESSAGES.missingActivationParameters}</p>
          ) : null}
          <p className="text-sm text-gray-700">Error code: {activation.code}</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={retry}>Try again</Button>
            <Button variant="secondary" onClick={() => setDialog('signup')}>
              Go to Registration Page
            </Button>
          </div>
        </>
      )}
      <SessionDialogs
        open={dialog}
        onOpenChange={setDialog}
        captcha={captcha}
        {...(email ? { loginEmail: email } : {})}
      />
    </main>
  );
}
