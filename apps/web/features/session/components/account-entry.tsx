import type { CaptchaConfig } from '../captcha-config';
import { getCaptchaConfig, getCurrentCustomer, greetingOf, isCrmLoginActive } from '../session.queries';
import { AccountMenu } from './account-menu';
import type { SessionDialogKind } from './session-dialogs';
import { SignInEntry } from './sign-in-entry';

/**
 * The header's account entry on every default-layout page (not on /checkout or /payment): the signed-in
 * customer's menu, or 'Sign in' for a guest when customer-relationship login is active (nothing otherwise).
 * `openLogin` opens the login dialog with the page (the search page's `login=true`).
 */
export async function AccountEntry({ openLogin = false }: { openLogin?: boolean }) {
  const user = await getCurrentCustomer();
  if (user) return <AccountMenu greeting={greetingOf(user)} />;
  if (!(await isCrmLoginActive())) return null;
  const captcha: CaptchaConfig = getCaptchaConfig();
  const initial: SessionDialogKind | null = openLogin ? 'login' : null;
  return <SignInEntry captcha={captcha} initialDialog={initial} />;
}
