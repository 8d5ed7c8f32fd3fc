'use client';

import { useRouter } from 'next/navigation';
import { handFocusTo } from '@/components/ui/focus-handoff';
import type { CaptchaConfig } from '../captcha-config';
import { ACCOUNT_MENU_FOCUS } from '../header-focus';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginDialog } from './login-dialog';
import { SignupDialog } from './signup-dialog';

export type SessionDialogKind = 'login' | 'signup' | 'forgot';

/**
 * The default layout's login, signup and forgot-password popups: one open at a time, with the links between
 * them. Signing in refreshes the page so the server draws it for the customer (header greeting, their cart).
 */
export function SessionDialogs({
  open,
  onOpenChange,
  captcha,
  loginEmail,
}: {
  open: SessionDialogKind | null;
  onOpenChange: (open: SessionDialogKind | null) => void;
  captcha: CaptchaConfig;
  /** The sign-in dialog's e-mail to start with. */
  loginEmail?: string;
}) {
  const router = useRouter();
  const close = (isOpen: boolean) => (isOpen ? undefined : onOpenChange(null));
  return (
    <>
      <LoginDialog
        open={open === 'login'}
        onOpenChange={close}
        captcha={captcha}
        onSwitch={onOpenChange}
        {...(loginEmail ? { initialEmail: loginEmail } : {})}
        onSignedIn={() => {
          // The header's 'Sign in' gives way to the account menu, which takes focus (not <body>).
          handFocusTo(ACCOUNT_MENU_FOCUS);
          onOpenChange(null);
          router.refresh();
        }}
      />
      <SignupDialog open={open === 'signup'} onOpenChange={close} captcha={captcha} onSwitch={onOpenChange} />
      <ForgotPasswordDialog
        open={open === 'forgot'}
        onOpenChange={close}
        captcha={captcha}
        onSwitch={onOpenChange}
      />
    </>
  );
}
