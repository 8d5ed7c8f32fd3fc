'use client';

import { useState } from 'react';
import type { CaptchaConfig } from '../captcha-config';
import { SessionDialogs, type SessionDialogKind } from './session-dialogs';

/**
 * The header's 'Sign in' for a guest (customer-relationship login active). `initialDialog` opens a dialog with
 * the page (the search page's `login=true`).
 */
export function SignInEntry({
  captcha,
  initialDialog = null,
}: {
  captcha: CaptchaConfig;
  initialDialog?: SessionDialogKind | null;
}) {
  const [open, setOpen] = useState<SessionDialogKind | null>(initialDialog);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen('login')}
        className="min-h-11 rounded-full px-4 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Sign in
      </button>
      <SessionDialogs open={open} onOpenChange={setOpen} captcha={captcha} />
    </>
  );
}
