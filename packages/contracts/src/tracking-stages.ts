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
