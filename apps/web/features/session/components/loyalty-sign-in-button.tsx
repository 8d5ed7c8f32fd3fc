'use client';

import { useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { startLoyaltySignIn } from '../session.actions';

/**
 * The header's 'Sign in' under loyalty login (spec: login goes to the external login URL, remembering the return
 * path): starts a sign-in at the loyalty program for this page and goes there. The member comes back to this page
 * through /loyalty-sso.
 */
export function LoyaltySignInButton() {
  const toast = useToast();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      aria-disabled={pending}
      onClick={() => {
        if (pending) return;
        setPending(true);
        void startLoyaltySignIn(`${window.location.pathname}${window.location.search}`).then(
          (result) => {
            if (result.ok) {
              window.location.assign(result.data.authorizationUrl);
              return;
            }
            setPending(false);
            toast('error', result.error);
          },
          () => {
            setPending(false);
            toast('error', 'Login attempt failed');
          },
        );
      }}
      className="min-h-11 rounded-full px-4 font-semibold hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      Sign in
    </button>
  );
}
