'use client';

import type { OrderStatus } from '@storefront/contracts/enum-values';
import { ORDER_STATUS_STAGES, timelineStage } from '@storefront/contracts/tracking-stages';
import { OrderTimeline } from './order-timeline';
import { useTrackedStatus } from './tracked-order';

/** The live part of the status block: the timeline follows the order's status as the kitchen moves it. */
export function TrackingStatus({
  orderId,
  trackingToken,
  initialStatus,
  stages,
}: {
  orderId: number;
  trackingToken: string;
  initialStatus: OrderStatus;
  stages: readonly { stage: number; label: string }[];
}) {
  const status = useTrackedStatus(orderId, trackingToken, initialStatus);
  const stage = timelineStage(status);
  const label =
    stages.find((s) => s.stage === stage)?.label ??
    ORDER_STATUS_STAGES.find((s) => s.stage === stage)?.label ??
    '';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-lg font-semibold" aria-live="polite" data-testid="order-status">
        {label}
      </p>
      <OrderTimeline statusId={status} stages={stages} />
    </div>
  );
}
