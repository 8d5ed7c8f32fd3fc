/** The staff API behind the kitchen screen (authorised by the X-Staff-Key header, never a guest token). */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema, textSchema } from './bounds';
import { OrderStatusSchema, PickupTypeSchema, StoreStatusSchema, type OrderStatus } from './enums';

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
  expectedReadyTime: z.string().nullable(),
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
