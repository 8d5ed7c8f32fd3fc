'use client';

import { useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useFocusHandoff } from '@/components/ui/focus-handoff';
import type { CaptchaConfig } from '../captcha-config';
import { SIGN_IN_FOCUS } from '../header-focus';
import type { SessionDialogKind } from './session-dialogs';

// Loaded when the guest presses Sign in (or with the page when it opens a dialog itself): the three forms, their
// schemas and the form library are not part of the first load of the pages that carry this header entry.
const SessionDialogs = dynamic(() => import('./session-dialogs').then((m) => m.SessionDialogs), {
  ssr: false,
});

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
  // Once opened the dialogs stay mounted, as before they were loaded on demand: a form keeps what the guest typed
  // when its dialog is closed and opened again.
  const [wanted, setWanted] = useState(initialDialog !== null);
  const button = useRef<HTMLButtonElement>(null);
  useFocusHandoff(SIGN_IN_FOCUS, button);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => {
          setWanted(true);
          setOpen('login');
        }}
        className="min-h-11 rounded-full px-4 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Sign in
      </button>
      {wanted ? <SessionDialogs open={open} onOpenChange={setOpen} captcha={captcha} /> : null}
    </>
  );
}
