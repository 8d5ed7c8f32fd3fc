'use client';

import { useEffect, useState } from 'react';
import { ShoppingBag } from 'lucide-react';
import type { StoreStatusValue } from '@storefront/contracts/locations';
import { isHeaderCollapsed } from '@/lib/store-scroll';
import { StoreStatusChip } from './store-status-chip';

/**
 * The collapsed store header: after 105 px of scroll a sticky island over the brand bar keeps the store's
 * name, status and a way to the My Order panel in view (the mobile My Order bar is always at the bottom).
 */
export function StoreIsland({ name, status }: { name: string; status: StoreStatusValue | undefined }) {
  const [collapsed, setCollapsed] = useState(false);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setCollapsed(isHeaderCollapsed(window.scrollY));
    };
    const onScroll = () => {
      if (frame === 0) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame !== 0) window.cancelAnimationFrame(frame);
    };
  }, []);

  if (!collapsed) return null;
  return (
    <div data-testid="store-island" className="fixed inset-x-0 top-0 z-40 bg-header text-header-fg shadow-md">
      <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4">
        <div className="flex min-w-0 items-center gap-3">
          <p className="truncate font-display text-base font-bold md:text-lg">{name}</p>
          {status ? (
            <span className="flex shrink-0 items-center gap-2 text-sm">
              <StoreStatusChip status={status.locationStatus} />
              <span className="hidden lg:inline">{status.description}</span>
            </span>
          ) : null}
        </div>
        <a
          href="#my-order-heading"
          className="hidden shrink-0 items-center gap-2 rounded-full bg-header-fg px-4 py-2 text-sm font-semibold text-header md:inline-flex"
        >
          <ShoppingBag aria-hidden className="size-4" />
          My Order
        </a>
      </div>
    </div>
  );
}
