'use client';

import { useEffect } from 'react';
import { usePathname } from 'next/navigation';
import { reportPageVisit } from '@/lib/analytics/page-visits';

/**
 * Counts each page the guest sees (ordering spec section 7), once per path, after the page's title is set.
 * Honours Do Not Track and Global Privacy Control: nothing is sent (reportPageVisit checks).
 */
export function PageVisits() {
  const pathname = usePathname();
  useEffect(() => {
    const timer = setTimeout(() => reportPageVisit(window.location, document.title), 0);
    return () => clearTimeout(timer);
  }, [pathname]);
  return null;
}
