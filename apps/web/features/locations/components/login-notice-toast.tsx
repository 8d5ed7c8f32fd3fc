'use client';

import { useEffect, useRef } from 'react';
import { useRouter, useSearchParams } from 'next/navigation';
import { useToast } from '@/components/ui/toast';
import { loginNoticeOf, withoutLoginParams } from '../login-notice';

/**
 * Reports a sign-in hand-off (`?login=true`, `security_token`) once as a toast, then takes the sign-in
 * parameters out of the address (`loginResult` is every page's: the session feature's LoginResultToast).
 */
export function LoginNoticeToast({
  crmLoginActive = false,
  loyaltyLoginActive = false,
}: {
  crmLoginActive?: boolean;
  loyaltyLoginActive?: boolean;
}) {
  const toast = useToast();
  const router = useRouter();
  const params = useSearchParams();
  const notice = loginNoticeOf(Object.fromEntries(params.entries()), crmLoginActive, loyaltyLoginActive);
  const shown = useRef(false);
  useEffect(() => {
    if (!notice || shown.current) return;
    shown.current = true;
    toast(notice.type, notice.message);
    router.replace(`${window.location.pathname}${withoutLoginParams(window.location.search)}`, {
      scroll: false,
    });
  }, [notice, router, toast]);
  return null;
}
