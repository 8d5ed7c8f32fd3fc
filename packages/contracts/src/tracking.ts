/**
 * Order tracking (spec: checkout-account "Order tracking", "Tracking details", "Timeline", section 7
 * "Tracking"). Tracking calls authenticate with the order's tracking token, not the guest's access token.
 */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema } from './bounds';
import { PICKUP_TYPE } from './enum-values';
import { FulfillmentMethodSchema, OrderStatusSchema, PickupTypeSchema } from './enums';
import { PickupAdditionalFieldSchema, PickupFieldAnswerSchema } from './locations';
import { OrderTotalsSchema } from './orders';

export {
  DELIVERY_WINDOW_MINUTES,
  ORDER_STATUS_STAGES,
  PAYMENT_SUCCESS_OVERLAY_MS,
  TRACKING_POLL_MS,
  isOrderStatus,
  deliveryTravelMinutes,
  deliveryWindow,
  isRunningLate,
  isTerminalStatus,
  lateEstimate,
  timelineStage,
} from './tracking-stages';

export const OrderStatusStageSchema = z.object({ stage: z.number().int(), label: z.string() });

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
  /** The guest's answers to the pickup option's additional fields (checkout spec sections 3 and 5). */
  additionalFields: z.array(PickupFieldAnswerSchema).optional(),
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

/**
 * When the guest gets the order (issue 24: the tracking page leads with it): the time the kitchen has it ready
 * and, for delivery, the arrival window. ISO 8601 with the store's offset; `timeZone` is the store's, in which
 * the page shows the times.
 */
export const TrackingEtaSchema = z.object({
  readyAt: z.string(),
  arrival: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The guest chose the time (a scheduled order) rather than ASAP. */
  isScheduled: z.boolean(),
  timeZone: z.string(),
});
export type TrackingEta = z.infer<typeof TrackingEtaSchema>;

export const TrackingStatusSchema = z.object({
  statusId: OrderStatusSchema,
  stages: z.array(OrderStatusStageSchema),
  orderReadyTime: z.string().nullable(),
  /** Null only for an order placed without a ready time. */
  eta: TrackingEtaSchema.nullable(),
  /**
   * Set when the store cancelled the order before it was completed (the page says so and stops polling):
   * when (store offset), and whether its money is all back (voided, refunded, gift-card amounts returned).
   */
  cancellation: z.object({ cancelledAt: z.string(), refunded: z.boolean() }).nullable().optional(),
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
  /** The option's additional fields (absent: none), asked again when the guest changes to it. */
  additionalFields: z.array(PickupAdditionalFieldSchema).optional(),
});
export type TrackingPickupMethod = z.infer<typeof TrackingPickupMethodSchema>;
export const TrackingSettingsSchema = z.object({
  fulfillmentSettings: z.object({ availablePickupMethods: z.array(TrackingPickupMethodSchema) }),
});
export type TrackingSettings = z.infer<typeof TrackingSettingsSchema>;
export const TrackingSettingsResponseSchema = envelope(TrackingSettingsSchema);

/** GET sales/orders/{id}/tracking-url?locationId. */
export const TrackingUrlQuerySchema = z.object({
  locationId: IdParamSchema.optional(),
});
export const TrackingUrlValueSchema = z.object({ url: z.string(), trackingToken: z.string() });
export const TrackingUrlResponseSchema = envelope(TrackingUrlValueSchema);

/** `${web}/order-tracking?oid={id}&tk={token}` (the page the storefront serves). */
export function trackingPageUrl(
  webOrigin: string,
  orderId: number,
  token: string,
  /** fp, the fulfilment place type (checkout spec section 2): 'curbside' hides the page's pickup change. */
  placeType: FulfillmentPlaceType | null = null,
): string {
  const url = new URL('/order-tracking', webOrigin);
  url.searchParams.set('oid', String(orderId));
  url.searchParams.set('tk', token);
  if (placeType) url.searchParams.set('fp', placeType);
  return url.toString();
}

export type FulfillmentPlaceType = 'curbside' | 'table';

/**
 * An order's fulfilment place type (checkout spec section 4, fulfilment place rules): an order with a place is
 * curbside when its pickup option is curbside, else table side; without a place it has none.
 */
export function fulfillmentPlaceTypeOf(order: {
  pickupOption: number | null;
  fulfillmentPlace: string | null;
}): FulfillmentPlaceType | null {
  if (!order.fulfillmentPlace) return null;
  return order.pickupOption === PICKUP_TYPE.Curbside ? 'curbside' : 'table';
}
