'use client';

import { useEffect, useRef } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useToast } from '@/components/ui/toast';
import { loginResultNotice, withoutLoginResult } from '../loyalty-sign-in';

/**
 * On every page (spec route guards): a loginResult query parameter shows "You've signed in successfully" or
 * 'Login attempt failed' once as a toast, then the parameter is taken out of the address.
 */
export function LoginResultToast() {
  const toast = useToast();
  const router = useRouter();
  const notice = loginResultNotice(useSearchParams().get('loginResult'));
  const shown = useRef(false);
  useEffect(() => {
    if (!notice || shown.current) return;
    shown.current = true;
    toast(notice.type, notice.message);
    router.replace(withoutLoginResult(window.location.pathname, window.location.search), { scroll: false });
  }, [notice, router, toast]);
  return null;
}
