'use client';

import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useLeaveLocation } from '../use-leave-location';
import { isLeavingLocation } from '../leave-location';

/** history.state key of the guard entry, and the leave target meaning 'where Back was going'. */
const GUARD_KEY = '__sfLeaveGuard';
const BACK = '#back';
const isGuardState = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[GUARD_KEY] === true;

interface NavigationLike {
  entries(): { url: string | null }[];
  currentEntry: { index: number } | null;
}

/** The session history (same-origin entries with their URLs), where the browser has the Navigation API. */
function navigationEntries() {
  const navigation = (window as unknown as { navigation?: NavigationLike }).navigation;
  if (!navigation || typeof navigation.entries !== 'function') return null;
  return () => {
    const index = navigation.currentEntry?.index ?? -1;
    return index < 0 ? null : { list: navigation.entries(), index };
  };
}

export const LEAVE_ORDER_TITLE = 'Leave the order?';
export const LEAVE_ORDER_MESSAGE =
  'You are about to exit from the current location and you will miss your order.';

/**
 * The menu page leave warning (spec section 4): while the order has items, a click on any link that leaves
 * the location (the logo, the search page, another store), or the browser's Back button, asks first; leaving
 * drops the order. Links inside the location, checkout and payment, and 'Change location' (it asks its own
 * question) pass through.
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

  // Browser Back: a guard entry (the same URL, Next's own history state kept) sits on top of the page while
  // the order has items. Back lands on the entry below it; if the entry Back was headed for (the next one
  // down, read through the Navigation API) leaves the location, the guard goes back on and the guest is asked,
  // and Leave then goes two entries back; otherwise Back simply carries on. Without the Navigation API the
  // destination is unknown and Back is left alone.
  useEffect(() => {
    const history = window.history;
    const entries = navigationEntries();
    if (!hasOrderItems || !entries) return;
    const guard = () => history.pushState({ ...(history.state as object), [GUARD_KEY]: true }, '');
    if (!isGuardState(history.state)) guard();
    // The Back this guard passes on fires a popstate of its own, possibly while this page is still mounted (the
    // router keeps it until the next page is ready): that one is not the guest's and is let through.
    let passingOn = false;
    const onPopState = (event: PopStateEvent) => {
      if (passingOn) {
        passingOn = false;
        return;
      }
      if (isGuardState(event.state)) return;
      const current = entries();
      const below = current ? current.list[current.index - 1] : undefined;
      const headedTo = below?.url ? new URL(below.url) : null;
      if (!headedTo || !isLeavingLocation(headedTo.pathname, locationId)) {
        if (below) {
          passingOn = true;
          history.back();
        }
        return;
      }
      guard();
      setTarget(BACK);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [hasOrderItems, locationId]);

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
          <Button
            onClick={() =>
              target === BACK ? leave(undefined, () => window.history.go(-2)) : leave(target ?? undefined)
            }
            loading={pending}
          >
            Leave
          </Button>
        </>
      }
    />
  );
}
