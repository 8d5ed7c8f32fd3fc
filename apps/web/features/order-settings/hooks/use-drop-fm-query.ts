'use client';

import { useCallback } from 'react';
import { useRouter } from 'next/navigation';

/**
 * fm= in the address (from the search page or a link) outranks the saved method: once the guest saves another
 * choice, it is dropped from the address so the saved choice holds on the next render.
 */
export function useDropFmQuery() {
  const router = useRouter();
  return useCallback(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has('fm')) return;
    url.searchParams.delete('fm');
    router.replace(`${url.pathname}${url.search}`);
  }, [router]);
}
