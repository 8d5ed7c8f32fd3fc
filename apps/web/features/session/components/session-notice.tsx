import { cookies } from 'next/headers';
import { ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import { SESSION_NOTICE_COOKIE } from '@/lib/cookies';
import { SessionNoticeToast } from './session-notice-toast';

/**
 * The one-shot notice a session change left for this page (the proxy or /api/session-reset: 'Your session has
 * been reset.'), shown once as a toast. Rendered by the root layout, so it shows on any page.
 */
export async function SessionNotice() {
  const notice = (await cookies()).get(SESSION_NOTICE_COOKIE)?.value;
  if (notice === 'session-reset')
    return <SessionNoticeToast tone="error" message={ACCOUNT_MESSAGES.sessionReset} />;
  if (notice === 'logged-out')
    return <SessionNoticeToast tone="success" message={ACCOUNT_MESSAGES.loggedOut} />;
  return null;
}
