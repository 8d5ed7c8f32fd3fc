/** The staff API behind the kitchen screen (authorised by the X-Staff-Key header, never a guest token). */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema, textSchema } from './bounds';
import {
  FulfillmentMethodSchema,
  OrderStatusSchema,
  PickupTypeSchema,
  StoreStatusSchema,
  type OrderStatus,
} from './enums';
import { FULFILLMENT_METHOD, PICKUP_TYPE } from './enum-values';
import { PickupFieldAnswerSchema } from './locations';
import { describeHandover } from './pickup';

export const STAFF_KEY_HEADER = 'x-staff-key';

/** The next status of the state machine 1 -> 2 -> 3 -> 4, or null at the terminal status. */
export function nextOrderStatus(statusId: OrderStatus): OrderStatus | null {
  switch (statusId) {
    case 1:
      return 2;
    case 2:
      return 3;
    case 3:
      return 4;
    case 4:
      return null;
  }
}

export const STAFF_STATUS_ACTION: Record<OrderStatus, string | null> = {
  1: 'Start preparing',
  2: 'Mark ready',
  3: 'Mark picked up',
  4: null,
};

export const StaffOrdersQuerySchema = z.object({
  locationId: IdParamSchema,
  /** One status, or several as '1,2,3'; all placed orders when omitted. */
  status: z
    .string()
    .max(20)
    .regex(/^[1-4](,[1-4])*$/, 'status is a comma-separated list of 1-4')
    .transform((s) => [...new Set(s.split(',').map(Number))] as OrderStatus[])
    .optional(),
});
export type StaffOrdersQuery = z.output<typeof StaffOrdersQuerySchema>;

export const StaffOrderSchema = z.object({
  id: z.number().int(),
  referenceNumber: z.string(),
  orderNumber: z.string(),
  locationId: z.number().int(),
  statusId: OrderStatusSchema,
  placedAt: z.string(),
  /** When the order should be ready: the ASAP estimate made at placement, or the scheduled time. */
  expectedReadyTime: z.string().nullable(),
  /** The ready time the guest scheduled (store offset); null for an ASAP order. */
  scheduledReadyTime: z.string().nullable(),
  /** FULFILLMENT_METHOD: 0 delivery, 1 pickup (walk-in, curbside, drive-thru), 2 at a table. */
  fulfillmentMethod: FulfillmentMethodSchema,
  contact: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  }),
  pickup: z.object({
    pickupOption: PickupTypeSchema.nullable(),
    carColor: z.number().int().nullable(),
    carType: z.number().int().nullable(),
    fulfillmentPlace: z.string().nullable(),
    /** The guest's answers to the pickup option's additional fields (checkout spec sections 3 and 5). */
    additionalFields: z.array(PickupFieldAnswerSchema).optional(),
  }),
  /** Delivery orders: the address and the delivery service's reference (the driver's booking); else null. */
  delivery: z.object({ address: z.string(), providerReference: z.string().nullable() }).nullable().optional(),
  notes: z.string().nullable(),
  items: z.array(
    z.object({
      id: z.number().int(),
      quantity: z.number().int(),
      title: z.string(),
      portionTitle: z.string().nullable(),
      modifiers: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
      notes: z.string().nullable(),
    }),
  ),
  total: z.number(),
  /** Pay at the Store: what is left to collect at pickup (dollars); null when nothing is (paid online). */
  unpaidAmount: z.number().nullable(),
  /**
   * When staff cancelled it (store offset), null while it is not: a cancelled order keeps the status it had
   * and leaves the kitchen's active rails.
   */
  cancelledAt: z.string().nullable().optional(),
  /** Why, as staff said when cancelling (null when they did not say). */
  cancelReason: z.string().nullable().optional(),
});
export type StaffOrder = z.infer<typeof StaffOrderSchema>;
export const StaffOrdersResponseSchema = envelope(z.array(StaffOrderSchema));

/** POST staff/orders/{id}/status: advance to the next status; `statusId` (optional) must be that next one. */
export const AdvanceOrderStatusBodySchema = z
  .object({ statusId: OrderStatusSchema.optional() })
  .optional()
  .default({});
export const AdvanceOrderStatusValueSchema = z.object({
  id: z.number().int(),
  statusId: OrderStatusSchema,
  previousStatusId: OrderStatusSchema,
});
export const AdvanceOrderStatusResponseSchema = envelope(AdvanceOrderStatusValueSchema);

/** The longest reason staff may give for a cancellation. */
export const CANCEL_REASON_MAX = 200;

/**
 * POST staff/orders/{id}/cancellation: cancels a placed order before it is completed. Its card and wallet
 * charges are voided (refunded once the processor settled them), its gift-card amounts given back, points held
 * for its reward returned. 409 once completed or once already cancelled; 404 for an unknown order.
 */
export const CancelOrderBodySchema = z
  .object({ reason: textSchema(CANCEL_REASON_MAX).trim().nullable().optional() })
  .optional()
  .default({});
export const CancelOrderValueSchema = z.object({
  id: z.number().int(),
  /** The status the order had when it was cancelled (it moves no further). */
  statusId: OrderStatusSchema,
  /** ISO 8601 with the store's offset. */
  cancelledAt: z.string(),
  /**
   * Some of its money could not be given back yet (the processor did not answer): cancelling it again, or the
   * payment reconciliation within minutes, finishes it. Money never goes back twice.
   */
  refundPending: z.boolean(),
});
export type CancelOrderValue = z.infer<typeof CancelOrderValueSchema>;
export const CancelOrderResponseSchema = envelope(CancelOrderValueSchema);

export const StaffLocationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  status: StoreStatusSchema.nullable(),
  openOrders: z.number().int(),
});
export type StaffLocation = z.infer<typeof StaffLocationSchema>;
export const StaffLocationsResponseSchema = envelope(z.array(StaffLocationSchema));

/**
 * POST staff/sessions: a staff key exchanged for a session token, which the kitchen screen keeps instead of the
 * key and sends as `Authorization: Bearer <token>`; DELETE staff/sessions/current revokes it (sign-out).
 */
export const StaffSessionBodySchema = z.object({ staffKey: textSchema(200).min(1) });
export const StaffSessionValueSchema = z.object({
  sessionToken: z.string(),
  /** ISO 8601: the session ends then (or at sign-out). */
  expiresAt: z.string(),
});
export type StaffSessionValue = z.infer<typeof StaffSessionValueSchema>;
export const StaffSessionResponseSchema = envelope(StaffSessionValueSchema);

/**
 * GET staff/locations/{id}/events: a server-sent event stream of the location's order changes. `order` carries a
 * KitchenEvent (the screen reloads its board), `ping` is the heartbeat (a screen that hears nothing for
 * KITCHEN_STREAM_SILENCE_MS reconnects), `end` closes the stream on purpose (its lifetime is over, the session
 * ended, the server is stopping): the screen reconnects, or signs in again after `session-ended`.
 */
export const KITCHEN_EVENT = { order: 'order', ping: 'ping', end: 'end' } as const;
export const KITCHEN_HEARTBEAT_MS = 15_000;
/** Two heartbeats missed: the connection is taken as lost even when the socket has not said so. */
export const KITCHEN_STREAM_SILENCE_MS = KITCHEN_HEARTBEAT_MS * 2 + 5_000;
export const KitchenEventSchema = z.object({
  locationId: z.number().int(),
  orderId: z.number().int(),
  statusId: OrderStatusSchema.nullable(),
});
export type KitchenEvent = z.infer<typeof KitchenEventSchema>;
export const KitchenStreamEndSchema = z.object({
  reason: z.enum(['lifetime', 'session-ended', 'shutdown', 'source-lost']),
});
export type KitchenStreamEnd = z.infer<typeof KitchenStreamEndSchema>;

const MINUTE_MS = 60_000;

export interface KitchenTicketTiming {
  /** The time the order is due (scheduled, or the ASAP ready estimate); null when the order has neither. */
  dueTime: string | null;
  isScheduled: boolean;
  /** Whole minutes since the order was placed (0 for a clock behind the server's). */
  ageMinutes: number;
  /** Past due and not yet ready (Received or Preparing). */
  isLate: boolean;
  /** Whole minutes past due while late; 0 otherwise. */
  minutesLate: number;
}

/**
 * The clock facts of a kitchen ticket at `nowMs`: due time, age and lateness. An order is late once its due time
 * has passed while it is still Received or Preparing; a ready or completed order is never late. A time the
 * screen cannot read counts as absent (no due time, age 0), never as late.
 */
export function kitchenTicketTiming(
  order: Pick<
    StaffOrder,
    'placedAt' | 'expectedReadyTime' | 'scheduledReadyTime' | 'statusId' | 'cancelledAt'
  >,
  nowMs: number,
): KitchenTicketTiming {
  const dueTime = order.scheduledReadyTime ?? order.expectedReadyTime;
  const dueMs = dueTime === null ? Number.NaN : Date.parse(dueTime);
  const placedMs = Date.parse(order.placedAt);
  const ageMinutes = Number.isNaN(placedMs) ? 0 : Math.max(0, Math.floor((nowMs - placedMs) / MINUTE_MS));
  // A cancelled order is made by nobody: never late.
  const notReady = (order.statusId === 1 || order.statusId === 2) && !order.cancelledAt;
  const isLate = notReady && !Number.isNaN(dueMs) && nowMs > dueMs;
  return {
    dueTime: Number.isNaN(dueMs) ? null : dueTime,
    isScheduled: order.scheduledReadyTime !== null,
    ageMinutes,
    isLate,
    minutesLate: isLate ? Math.floor((nowMs - dueMs) / MINUTE_MS) : 0,
  };
}

export type KitchenHandoffKind = 'walk-in' | 'curbside' | 'drive-thru' | 'table' | 'delivery';

export interface KitchenHandoff {
  kind: KitchenHandoffKind;
  /** What the kitchen reads first: 'Walk-in pickup', 'Curbside', 'Drive-thru', 'Table 12', 'Delivery'. */
  title: string;
  /** The details: 'Curbside · space 5 · Blue Sedan', 'Drive Thru · Red SUV', the delivery address; or null. */
  detail: string | null;
}

/**
 * How a ticket is handed over: delivery (with its address), a table (a dine-in order, or a place given with a
 * non-curbside option), curbside (space and car as stored), drive-thru (car), else a walk-in pickup.
 */
export function kitchenHandoff(
  order: Pick<StaffOrder, 'fulfillmentMethod' | 'pickup' | 'delivery'>,
): KitchenHandoff {
  if (order.fulfillmentMethod === FULFILLMENT_METHOD.Delivery) {
    return { kind: 'delivery', title: 'Delivery', detail: order.delivery?.address ?? null };
  }
  const { pickup } = order;
  if (pickup.pickupOption === PICKUP_TYPE.Curbside) {
    return { kind: 'curbside', title: 'Curbside', detail: describeHandover(pickup) };
  }
  if (order.fulfillmentMethod === FULFILLMENT_METHOD.DineIn || pickup.fulfillmentPlace) {
    const table = pickup.fulfillmentPlace?.trim();
    return { kind: 'table', title: table ? `Table ${table}` : 'Dine-in', detail: null };
  }
  if (pickup.pickupOption === PICKUP_TYPE.DriveThru) {
    return { kind: 'drive-thru', title: 'Drive-thru', detail: describeHandover(pickup) };
  }
  return { kind: 'walk-in', title: 'Walk-in pickup', detail: null };
}
