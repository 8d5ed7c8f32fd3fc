/**
 * The tracking timeline's stages and polling rules without schemas (zod-free), for the tracking page's browser
 * code: its status poll checks the answer with `isOrderStatus` instead of carrying zod. `tracking.ts` re-exports
 * all of it beside the API's schemas.
 */
import { ORDER_STATUS, ORDER_STATUS_TERMINAL, type OrderStatus } from './enum-values';

export const TRACKING_POLL_MS = 60_000;
export const PAYMENT_SUCCESS_OVERLAY_MS = 3000;

/** The timeline's four stages (labels are ours; the spec gives numbers only). */
export const ORDER_STATUS_STAGES = [
  { stage: 1, label: 'Order Placed' },
  { stage: 2, label: 'Order Received' },
  { stage: 3, label: 'Ready for Pickup' },
  { stage: 4, label: 'Picked Up' },
] as const;

/** Status 1 is shown as stage 2 (spec section 9); other statuses are their own stage. */
export function timelineStage(statusId: OrderStatus): number {
  return statusId === 1 ? 2 : statusId;
}

/** Polling stops at the terminal status 4. */
export function isTerminalStatus(statusId: number): boolean {
  return statusId === ORDER_STATUS_TERMINAL;
}

const ORDER_STATUSES: readonly unknown[] = Object.values(ORDER_STATUS);

/** Whether a value from an answer is one of the order statuses 1 to 4. */
export function isOrderStatus(value: unknown): value is OrderStatus {
  return ORDER_STATUSES.includes(value);
}

/** A delivery's arrival window: from the promised arrival to this many minutes later (room for the drive). */
export const DELIVERY_WINDOW_MINUTES = 15;
/** A late order's new estimate moves forward in steps of this many minutes, always in the future. */
export const LATE_STEP_MINUTES = 5;

const MINUTE_MS = 60_000;

/**
 * Minutes a delivery spends on the road after the kitchen: the store's average delivery time beyond its
 * preparation time (an ASAP delivery then arrives `max(prep, average)` after ordering, as the delivery
 * estimate and the delivery order times say).
 */
export function deliveryTravelMinutes(prepTimeMinutes: number, averageDeliveryMinutes: number): number {
  return Math.max(0, averageDeliveryMinutes - prepTimeMinutes);
}

/** The arrival window of a delivery that arrives from `start` (epoch ms). */
export function deliveryWindow(start: number): { start: number; end: number } {
  return { start, end: start + DELIVERY_WINDOW_MINUTES * MINUTE_MS };
}

/**
 * Whether an order runs late: its ready time has passed and the kitchen has not marked it ready (status 3).
 * The spec's delayed warning counts any stage before 4; a ready order waiting at the counter is not late for
 * the guest, so 'Ready' ends it here.
 */
export function isRunningLate(statusId: number, readyAt: number, now: number): boolean {
  return statusId < ORDER_STATUS.Ready && now > readyAt;
}

/**
 * Whether the tracking page shows its delayed warning ('Running late'): the ready time has passed and the order
 * is not at stage 4 (checkout spec section 4), so also when it waits ready at stage 3. isRunningLate, the
 * kitchen's own notion (the late text), ends at 'Ready'.
 */
export function showsDelayedWarning(statusId: number, readyAt: number, now: number): boolean {
  return statusId < ORDER_STATUS_TERMINAL && now > readyAt;
}

/**
 * Whether the tracking page polls the status (checkout spec section 4): not once it is 4, not when the status
 * display is off (orderStatusForWebOrdering.enabled), and not without a valid expected completion time.
 */
export function pollsStatus(input: {
  statusId: number;
  statusDisplay: boolean;
  orderReadyTime: string | null | undefined;
}): boolean {
  if (isTerminalStatus(input.statusId) || !input.statusDisplay) return false;
  return typeof input.orderReadyTime === 'string' && Number.isFinite(Date.parse(input.orderReadyTime));
}

/**
 * A late order's new estimate: the first LATE_STEP_MINUTES mark at least one step from now, so the page never
 * shows a time that has already passed and moves it on while the kitchen is still busy.
 */
export function lateEstimate(now: number): number {
  const step = LATE_STEP_MINUTES * MINUTE_MS;
  return Math.ceil((now + step) / step) * step;
}
