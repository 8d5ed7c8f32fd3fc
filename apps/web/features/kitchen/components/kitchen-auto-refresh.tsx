'use client';

import { useEffect } from 'react';
import { useRouter } from 'next/navigation';

/** Re-reads the board from the server every 10 s while the screen is visible. */
export function KitchenAutoRefresh({ intervalMs = 10_000 }: { intervalMs?: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [router, intervalMs]);
  return null;
}
