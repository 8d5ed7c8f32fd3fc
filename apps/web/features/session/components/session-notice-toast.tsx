'use client';

import { useEffect, useRef } from 'react';
import { ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import { useToast } from '@/components/ui/toast';
import { SESSION_NOTICE_COOKIE } from '@/lib/cookies';

/** Shows the session notice once and deletes its cookie, so a reload does not show it again. */
export function SessionNoticeToast({ notice }: { notice: 'session-reset' | 'logged-out' }) {
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    document.cookie = `${SESSION_NOTICE_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
    if (notice === 'session-reset') toast('error', ACCOUNT_MESSAGES.sessionReset);
    else toast('success', ACCOUNT_MESSAGES.loggedOut);
  }, [notice, toast]);
  return null;
}
