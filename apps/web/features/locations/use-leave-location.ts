'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { useToast } from '@/components/ui/toast';
import { leaveLocation } from './locations.actions';

/** Drops the current order, then follows `href` (the search page unless another exit was chosen). */
export function useLeaveLocation() {
  const router = useRouter();
  const toast = useToast();
  const [pending, startTransition] = useTransition();
  const leave = (href?: string) =>
    startTransition(async () => {
      const result = await leaveLocation();
      if (result.ok) router.push(href ?? result.data.href);
      else toast('error', result.error);
    });
  return { leave, pending };
}
