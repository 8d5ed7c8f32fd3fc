'use client';

import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { OrderStatus } from '@storefront/contracts/enum-values';
import { useOrderStatus } from '../use-order-status';

const TrackedStatusContext = createContext<OrderStatus | null>(null);

/**
 * One status poll for the whole tracking page: the ETA headline and the timeline read the same live status, so
 * they never disagree and the page asks /api/status once per tick. A poll that finds the order cancelled
 * refreshes the page, which then shows the cancellation and polls no more.
 */
export function TrackedOrder({
  orderId,
  trackingToken,
  initialStatus,
  polls = true,
  children,
}: {
  orderId: number;
  trackingToken: string;
  initialStatus: OrderStatus;
  /** False when the status display is off or there is no valid expected completion time (pollsStatus). */
  polls?: boolean;
  children: ReactNode;
}) {
  const router = useRouter();
  // The store cancelled the order while the guest watched: the page is read again and says so (no more polls).
  const onCancelled = useCallback(() => router.refresh(), [router]);
  const status = useOrderStatus(orderId, trackingToken, initialStatus, undefined, polls, onCancelled);
  return <TrackedStatusContext.Provider value={status}>{children}</TrackedStatusContext.Provider>;
}

/** The page's shared live status inside TrackedOrder; else this component polls on its own. */
export function useTrackedStatus(orderId: number, trackingToken: string, initialStatus: OrderStatus) {
  const shared = useContext(TrackedStatusContext);
  const own = useOrderStatus(orderId, trackingToken, initialStatus, undefined, shared === null);
  return shared ?? own;
}
