'use client';

import { useEffect, useRef } from 'react';
import { useToast } from '@/components/ui/toast';
import { SESSION_NOTICE_COOKIE } from '@/lib/cookies';

/**
 * Shows the session notice once and deletes its cookie, so a reload does not show it again. The words come from
 * the server (SessionNotice): the contracts module that holds them also holds the account schemas, which would
 * bring zod into every page's first load.
 */
export function SessionNoticeToast({ tone, message }: { tone: 'error' | 'success'; message: string }) {
  const toast = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    document.cookie = `${SESSION_NOTICE_COOKIE}=; Max-Age=0; path=/; SameSite=Lax`;
    toast(tone, message);
  }, [tone, message, toast]);
  return null;
}
