'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useLeaveLocation } from '../use-leave-location';
import { isLeavingLocation } from '../leave-location';

export const LEAVE_ORDER_TITLE = 'Leave the order?';
export const LEAVE_ORDER_MESSAGE =
  'You are about to exit from the current location and you will miss your order.';

/**
 * The menu page leave warning (spec section 4): while the order has items, a click on any link that leaves
 * the location (the logo, the search page, another store) asks first; leaving drops the order. Links inside
 * the location, checkout and payment, and 'Change location' (it asks its own question) pass through.
 */
export function LeaveOrderGuard({
  locationId,
  hasOrderItems,
}: {
  locationId: number;
  hasOrderItems: boolean;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const { leave, pending } = useLeaveLocation();

  useEffect(() => {
    if (!hasOrderItems) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('data-change-location')) return;
      if (anchor.target && anchor.target !== '_self') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || !isLeavingLocation(url.pathname, locationId)) return;
      // Capture phase on the document: runs before the link's own (React) handler, which then never sees it.
      event.preventDefault();
      event.stopPropagation();
      setTarget(url.pathname + url.search);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [hasOrderItems, locationId]);

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : setTarget(null))}
      title={LEAVE_ORDER_TITLE}
      description={LEAVE_ORDER_MESSAGE}
      actions={
        <>
          <Button variant="secondary" onClick={() => setTarget(null)} disabled={pending}>
            Stay Here
          </Button>
          <Button onClick={() => leave(target ?? undefined)} loading={pending}>
            Leave
          </Button>
        </>
      }
    />
  );
}
