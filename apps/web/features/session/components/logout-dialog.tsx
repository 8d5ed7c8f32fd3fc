'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { ACCOUNT_MESSAGES, LOGOUT_DEBOUNCE_MS } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { handFocusTo } from '@/components/ui/focus-handoff';
import { useToast } from '@/components/ui/toast';
import { SIGN_IN_FOCUS } from '../header-focus';
import { LOGOUT_RETURN_PATH } from '../logout-return';
import { logOut as logOutAction } from '../session.actions';

/**
 * 'Are you sure you want to Logout from your account?' (Logout / Cancel). Logout is debounced 500 ms (clicks
 * within it count once), then the session is reset with the cart carried into a fresh guest order, "You've been
 * logged out" is shown and the browser goes to `returnPath` (default /search-locations).
 */
export function LogoutDialog({
  open,
  onOpenChange,
  returnPath = LOGOUT_RETURN_PATH,
  logOut = logOutAction,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnPath?: string;
  logOut?: typeof logOutAction;
}) {
  const router = useRouter();
  const toast = useToast();
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const run = async () => {
    try {
      const result = await logOut();
      if (!result.ok) {
        toast('error', result.error);
        setPending(false);
        return;
      }
      toast('success', ACCOUNT_MESSAGES.loggedOut);
      // The header's 'Sign in' takes the place of the account menu, and focus (not <body>).
      handFocusTo(SIGN_IN_FOCUS);
      onOpenChange(false);
      router.push(returnPath);
      router.refresh();
    } catch {
      toast('error', 'Please try again.');
      setPending(false);
    }
  };

  const confirm = () => {
    setPending(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void run(), LOGOUT_DEBOUNCE_MS);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}
      title="Logout"
      description={ACCOUNT_MESSAGES.logoutConfirm}
      actions={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={pending}>
            Logout
          </Button>
        </>
      }
    />
  );
}
