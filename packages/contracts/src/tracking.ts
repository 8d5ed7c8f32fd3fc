/**
 * Order tracking (spec: checkout-account "Order tracking", "Tracking details", "Timeline", section 7
 * "Tracking"). Tracking calls authenticate with the order's tracking token, not the guest's access token.
 */
import { z } from 'zod';
import { envelope } from './api';
import { FulfillmentMethodSchema, OrderStatusSchema, PickupTypeSchema, type OrderStatus } from './enums';
import { OrderTotalsSchema } from './orders';

export const TRACKING_POLL_MS = 60_000;
export const PAYMENT_SUCCESS_OVERLAY_MS = 3000;

/** The timeline's four stages (labels are ours; the spec gives numbers only). */
export const ORDER_STATUS_STAGES = [
  { stage: 1, label: 'Order Placed' },
  { stage: 2, label: 'Order Received' },
  { stage: 3, label: 'Ready for Pickup' },
  { stage: 4, label: 'Picked Up' },
] as const;
export const OrderStatusStageSchema = z.object({ stage: z.number().int(), label: z.string() });

/** Status 1 is shown as stage 2 (spec section 9); other statuses are their own stage. */
export function timelineStage(statusId: OrderStatus): number {
  return statusId === 1 ? 2 : statusId;
}

/** Polling stops at the terminal status 4. */
export function isTerminalStatus(statusId: number): boolean {
  return statusId === 4;
}

export const TrackingOrderItemSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  title: z.string(),
  /** Line total in dollars. */
  total: z.number(),
  portionTitle: z.string().nullable(),
  selectedModifiers: z.array(z.object({ title: z.string(), quantity: z.number().int() })),
  notes: z.string().nullable(),
});
export type TrackingOrderItem = z.infer<typeof TrackingOrderItemSchema>;

export const TrackingTotalsSchema = OrderTotalsSchema.omit({ due: true });
export type TrackingTotals = z.infer<typeof TrackingTotalsSchema>;

export const TrackingFulfillmentSchema = z.object({
  fulfillmentMethod: FulfillmentMethodSchema,
  expectedCompletionDateTime: z.string().nullable(),
  pickupOption: PickupTypeSchema.nullable(),
  fulfillmentPlace: z.string().nullable(),
  carType: z.number().int().nullable(),
  carColor: z.number().int().nullable(),
  /** Delivery orders: the zone's fee, the driver tip and the delivery service's reference. */
  delivery: z
    .object({
      feeAmount: z.number(),
      tipAmount: z.number().nullable(),
      providerReference: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
export type TrackingFulfillment = z.infer<typeof TrackingFulfillmentSchema>;

export const TrackingPaymentDetailSchema = z.object({
  /** visa, mastercard, discover; anything else shows a generic card icon. */
  cardLogo: z.string(),
  paymentType: z.string(),
  maskedCardNumber: z.string(),
  approvedAmount: z.number(),
});
export type TrackingPaymentDetail = z.infer<typeof TrackingPaymentDetailSchema>;

export const TrackingStatusSchema = z.object({
  statusId: OrderStatusSchema,
  stages: z.array(OrderStatusStageSchema),
  orderReadyTime: z.string().nullable(),
});
export type TrackingStatus = z.infer<typeof TrackingStatusSchema>;
export const TrackingStatusResponseSchema = envelope(TrackingStatusSchema);

export const TrackingDetailsSchema = z.object({
  order: z.object({
    referenceNumber: z.string(),
    id: z.number().int(),
    items: z.array(TrackingOrderItemSchema),
    totals: TrackingTotalsSchema,
    context: z.object({ locationId: z.number().int(), orderChannelId: z.number().int() }),
    notes: z.string().nullable(),
    placedAt: z.string(),
  }),
  orderNumber: z.string(),
  location: z.object({
    id: z.number().int(),
    marketingName: z.string(),
    address1: z.string(),
    city: z.string(),
    stateCode: z.string().nullable(),
    postalCode: z.string(),
    phone: z.string().nullable(),
  }),
  fulfillmentInformation: TrackingFulfillmentSchema,
  deliveryAddress: z
    .object({ line1: z.string(), city: z.string(), stateCode: z.string(), zipCode: z.string() })
    .nullable(),
  paymentDetails: z.array(TrackingPaymentDetailSchema),
  status: TrackingStatusSchema,
});
export type TrackingDetails = z.infer<typeof TrackingDetailsSchema>;
export const TrackingDetailsResponseSchema = envelope(TrackingDetailsSchema);

/** Tracking settings per pickup method (spec: pickupOption, notes, carDetailsRequired, parking...). */
export const TrackingPickupMethodSchema = z.object({
  pickupOption: PickupTypeSchema,
  name: z.string(),
  notes: z.string().nullable(),
  carDetailsRequired: z.boolean(),
  parkingSpaceRequired: z.boolean(),
  parkingSpaceRange: z.tuple([z.number().int(), z.number().int()]).nullable(),
});
export type TrackingPickupMethod = z.infer<typeof TrackingPickupMethodSchema>;
export const TrackingSettingsSchema = z.object({
  fulfillmentSettings: z.object({ availablePickupMethods: z.array(TrackingPickupMethodSchema) }),
});
export type TrackingSettings = z.infer<typeof TrackingSettingsSchema>;
export const TrackingSettingsResponseSchema = envelope(TrackingSettingsSchema);

/** GET sales/orders/{id}/tracking-url?locationId. */
export const TrackingUrlQuerySchema = z.object({
  locationId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export const TrackingUrlValueSchema = z.object({ url: z.string(), trackingToken: z.string() });
export const TrackingUrlResponseSchema = envelope(TrackingUrlValueSchema);

/** `${web}/order-tracking?oid={id}&tk={token}` (the page the storefront serves). */
export function trackingPageUrl(webOrigin: string, orderId: number, token: string): string {
  const url = new URL('/order-tracking', webOrigin);
  url.searchParams.set('oid', String(orderId));
  url.searchParams.set('tk', token);
  return url.toString();
}
