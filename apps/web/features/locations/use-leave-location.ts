'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useToast } from '@/components/ui/toast';
import { leaveLocation } from './locations.actions';

/**
 * Drops the current order, then follows `href` (the search page unless another exit was chosen), or runs `go`
 * instead (e.g. the browser history step the guest had asked for).
 */
export function useLeaveLocation() {
  const router = useRouter();
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  const leave = (href?: string, go?: () => void) =>
    startTransition(async () => {
      const result = await leaveLocation();
      if (!result.ok) toast('error', result.error);
      else if (go) go();
      else router.push(href ?? result.data.href);
    });
  return { leave, pending };
}
