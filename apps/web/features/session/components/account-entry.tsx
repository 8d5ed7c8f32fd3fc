import type { CaptchaConfig } from '../captcha-config';
import { LOGIN_CONFIGURATION } from '@storefront/contracts/enum-values';
import {
  getCaptchaConfig,
  getCurrentCustomer,
  getHeaderPoints,
  getLoginConfiguration,
  greetingOf,
} from '../session.queries';
import { LazyAccountMenu } from './lazy-account-menu';
import { LoyaltySignInButton } from './loyalty-sign-in-button';
import type { SessionDialogKind } from './session-dialogs';
import { SignInEntry } from './sign-in-entry';

/**
 * The header's account entry on every default-layout page (not on /checkout or /payment): the signed-in
 * customer's menu (with their points under loyalty login), or 'Sign in' for a guest: the login dialog when
 * customer-relationship login is active, the loyalty program's sign-in under loyalty login (nothing otherwise).
 * `openLogin` opens the login dialog with the page (the search page's `login=true`).
 */
export async function AccountEntry({ openLogin = false }: { openLogin?: boolean }) {
  const [user, configuration] = await Promise.all([getCurrentCustomer(), getLoginConfiguration()]);
  const loyalty = configuration?.currentLogInConfiguration === LOGIN_CONFIGURATION.Loyalty;
  if (user) {
    const points = loyalty ? await getHeaderPoints() : null;
    if (points === null) return <LazyAccountMenu greeting={greetingOf(user)} />;
    return (
      <div className="flex items-center gap-1">
        <p className="px-2 text-sm font-semibold" data-testid="header-points">
          {points.toLocaleString('en-US')} points
        </p>
        <LazyAccountMenu greeting={greetingOf(user)} />
      </div>
    );
  }
  if (loyalty) return <LoyaltySignInButton />;
  if (configuration?.currentLogInConfiguration !== LOGIN_CONFIGURATION.QuCrm) return null;
  const captcha: CaptchaConfig = getCaptchaConfig();
  const initial: SessionDialogKind | null = openLogin ? 'login' : null;
  return <SignInEntry captcha={captcha} initialDialog={initial} />;
}
