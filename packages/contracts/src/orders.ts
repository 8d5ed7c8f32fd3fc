/**
 * Orders and order building: the order, its items and selected modifiers, totals, the add-item payload, the
 * pricing calls and every request/response of the order-building routes (spec: ordering section 7 "Pricing" and
 * "Order building"; checkout-account section 3 "Order"). Money is dollars (2 decimals) on the wire.
 *
 * Fields marked "checkout" are optional here: the checkout routes fill them (contact information, pickup data,
 * ready time, tip).
 */
import { z } from 'zod';
import { envelope } from './api';
import { DateTimeSchema, IdParamSchema, IdSchema, refuseNul, textSchema } from './bounds';
import {
  FulfillmentMethodQuerySchema,
  FulfillmentMethodSchema,
  OrderChannelSchema,
  PickupTypeSchema,
} from './enums';
import { DISCOUNT_SOURCES } from './discount-engine';
import { ItemPathKeySchema } from './menu';
import {
  ITEM_QUANTITY_MAX,
  ITEM_QUANTITY_MIN,
  MODIFIER_QUANTITY_MAX,
  PRICE_CHANGE_OPERATIONS,
  SEQUENCE_OF_CHANGES_MAX,
  type PriceChange,
  type SelectedModifier,
} from './pricing';
import { NOTE_MAX } from './text';

// Ids in paths and bodies are int4 columns (bounds.ts); order ids too.
const Id = IdParamSchema;
const OrderId = IdParamSchema;

/** A chosen modifier in an add-item or update body. */
export const SelectedModifierInputSchema = z.object({
  itemPathKey: ItemPathKeySchema,
  quantity: z.number().int().min(0).max(MODIFIER_QUANTITY_MAX),
  portionId: IdSchema.nullable().optional(),
});
export type SelectedModifierInput = z.infer<typeof SelectedModifierInputSchema>;

/** A price-change entry (pricing.ts PriceChange) as the pricing calls receive it. */
export const PriceChangeSchema = z.object({
  itemPathKey: ItemPathKeySchema,
  quantity: z.number().int().min(0).max(MODIFIER_QUANTITY_MAX),
  portionId: IdSchema.nullable().optional(),
  operationType: z.enum(PRICE_CHANGE_OPERATIONS),
}) satisfies z.ZodType<PriceChange>;
export const SequenceOfChangesSchema = z.array(PriceChangeSchema).max(SEQUENCE_OF_CHANGES_MAX);

export const ItemQuantitySchema = z.number().int().min(ITEM_QUANTITY_MIN).max(ITEM_QUANTITY_MAX);

/** Item notes: at most 50 characters, no line breaks (Enter is blocked on the item page). */
export const ItemNoteSchema = refuseNul(z.string())
  .max(NOTE_MAX, `Notes must be at most ${NOTE_MAX} characters`)
  .regex(/^[^\r\n]*$/, 'Notes cannot contain line breaks');

export const OrderItemModifierSchema = z.object({
  itemPathKey: z.string(),
  quantity: z.number().int(),
  portionId: z.number().int().nullable(),
  title: z.string(),
  /** What the modifier adds to one unit of the item, dollars (0 when included in the price). */
  price: z.number(),
  includedQuantity: z.number().int(),
});
export type OrderItemModifier = z.infer<typeof OrderItemModifierSchema>;

export const OrderItemSchema = z.object({
  id: z.number().int(),
  itemPathKey: z.string(),
  /** The same key: the checkout summary reads menuItemPathKey. */
  menuItemPathKey: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  portionId: z.number().int().nullable(),
  portionTitle: z.string().nullable(),
  selectedModifiers: z.array(OrderItemModifierSchema),
  /** One unit with its modifiers, dollars. */
  unitPrice: z.number(),
  total: z.number(),
  note: z.string().nullable(),
  orderDate: z.string(),
});
export type OrderItem = z.infer<typeof OrderItemSchema>;

/** The modifiers an order line was saved with, as the selection to edit or send it again. */
export function lineModifiers(line: Pick<OrderItem, 'selectedModifiers'>): SelectedModifier[] {
  return line.selectedModifiers.map((m) => ({
    itemPathKey: m.itemPathKey,
    quantity: m.quantity,
    portionId: m.portionId,
  }));
}

export const OrderTotalsSchema = z.object({
  subtotal: z.number(),
  discount: z.number(),
  serviceCharge: z.number(),
  salesTax: z.number(),
  tip: z.number(),
  total: z.number(),
  due: z.number(),
});
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

export const OrderContextSchema = z.object({
  locationId: z.number().int(),
  snapshotId: z.number().int(),
  orderChannelId: OrderChannelSchema,
  fulfillmentMethod: FulfillmentMethodSchema,
});

/**
 * A discount on the order (spec: code, instanceId, amount, isApplied, couponCode), with what our engine adds
 * (discount-engine.ts DiscountLine): its name, where it comes from, its type and its notice (21021 no longer
 * valid, 21022 valid but nothing off, 21023 auto-applied). Dollars.
 */
export const OrderDiscountSchema = z.object({
  code: z.string().nullable(),
  instanceId: z.string(),
  amount: z.number(),
  isApplied: z.boolean(),
  couponCode: z.string().nullable(),
  name: z.string().optional(),
  source: z.enum(DISCOUNT_SOURCES).optional(),
  type: z.enum(['Percent', 'Amount', 'Voucher']).optional(),
  notice: z.number().int().nullable().optional(),
});
export type OrderDiscount = z.infer<typeof OrderDiscountSchema>;

/** A service charge on the order (21033 auto-applied), dollars. */
export const OrderServiceChargeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount: z.number(),
});
export type OrderServiceCharge = z.infer<typeof OrderServiceChargeSchema>;

/** Checkout: contact details saved on the order (null until saved). */
export const OrderContactSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});

/** Checkout: how and when the order is handed over. */
export const FulfillmentInformationSchema = z.object({
  fulfillmentMethod: FulfillmentMethodSchema,
  expectedCompletionDateTime: z.string().nullable().optional(),
  pickupOption: PickupTypeSchema.nullable().optional(),
  fulfillmentPlace: z.string().nullable().optional(),
  carType: z.number().int().nullable().optional(),
  carColor: z.number().int().nullable().optional(),
  /** Answers to the pickup option's additional fields (PUT pickup-data), by field id. */
  additionalFields: z.array(z.object({ id: z.string(), value: z.string() })).optional(),
  /** Delivery orders: the address, the zone's fee and the driver tip (null until set), dollars. */
  delivery: z
    .object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      stateCode: z.string(),
      zipCode: z.string(),
      feeAmount: z.number(),
      tipAmount: z.number().nullable(),
      /** The delivery zone's minimum order (subtotal), dollars; null without one. */
      minimumOrderAmount: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
});

export const OrderSchema = z.object({
  id: z.number().int(),
  context: OrderContextSchema,
  /** null while the order is being built; 1-4 once placed (tracking stages). */
  status: z.number().int().nullable(),
  isPlaced: z.boolean(),
  orderDateTime: z.string().nullable(),
  items: z.array(OrderItemSchema),
  totals: OrderTotalsSchema,
  due: z.number(),
  discounts: z.array(OrderDiscountSchema),
  /** The store's service charges on this order (their sum is in totals.serviceCharge). */
  serviceCharges: z.array(OrderServiceChargeSchema).optional(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  // checkout (optional until those routes fill them)
  contactInformation: OrderContactSchema.nullable().optional(),
  fulfillmentInformation: FulfillmentInformationSchema.nullable().optional(),
  expectedPreparationReadyDateTime: z.string().nullable().optional(),
  scheduledTime: z.string().nullable().optional(),
  orderTrackingUrl: z.string().nullable().optional(),
  referenceNumber: z.string().nullable().optional(),
});
export type Order = z.infer<typeof OrderSchema>;
export const OrderResponseSchema = envelope(OrderSchema);

export const OrderIdParamsSchema = z.object({ orderId: OrderId });
export const OrderItemParamsSchema = z.object({ orderId: OrderId, itemId: Id });
export const OrderItemInstanceParamsSchema = z.object({ orderId: OrderId, instanceId: Id });
export const OrderItemModifierParamsSchema = z.object({
  orderId: OrderId,
  itemId: Id,
  modifierKey: ItemPathKeySchema,
});

/** POST sales/orders. The location comes from the snapshot, the channel from the token's app type. */
export const CreateOrderBodySchema = z.object({
  menuSnapshotId: IdSchema,
  orderDateTime: DateTimeSchema.optional(),
  fulfillmentMethod: FulfillmentMethodSchema.optional(),
});
export type CreateOrderBody = z.infer<typeof CreateOrderBodySchema>;

/** PATCH sales/orders/{id}: move the order to another snapshot (21031 unless forceUpdate). */
export const UpdateOrderBodySchema = z.object({
  snapshotId: IdSchema,
  forceUpdate: z.boolean().optional(),
  fulfillmentMethod: FulfillmentMethodSchema.optional(),
});
export type UpdateOrderBody = z.infer<typeof UpdateOrderBodySchema>;

/** Add-item payload (POST sales/orders/{id}/items and each entry of bulk-items). Modifiers are flat by key. */
export const AddOrderItemBodySchema = z.object({
  itemPathKey: ItemPathKeySchema,
  quantity: ItemQuantitySchema,
  portionId: IdSchema.nullable().optional(),
  modifiers: z.array(SelectedModifierInputSchema).max(100).default([]),
  crossSellOfferId: textSchema(100).nullable().optional(),
  note: ItemNoteSchema.nullable().optional(),
});
export type AddOrderItemBody = z.input<typeof AddOrderItemBodySchema>;
export type AddOrderItem = z.output<typeof AddOrderItemBodySchema>;

/**
 * PUT sales/orders/{id}/items/{itemId}: replaces the line's quantity, portion, modifiers and note. With
 * transitionItemPathKey the line becomes that item (one of its item's transitions, e.g. its combo), keeping its
 * id and place in the order; the modifiers are then the new item's.
 */
export const UpdateOrderItemBodySchema = AddOrderItemBodySchema.omit({
  itemPathKey: true,
  crossSellOfferId: true,
}).extend({ transitionItemPathKey: ItemPathKeySchema.optional() });
export type UpdateOrderItemBody = z.input<typeof UpdateOrderItemBodySchema>;

export const BulkItemsBodySchema = z.object({ items: z.array(AddOrderItemBodySchema).min(1).max(50) });
/**
 * GET sales/orders/{id}/unavailable-items: the lines a move to `fulfillmentMethod` would remove (the Order
 * Settings' 'Your order will change' confirmation lists them before anything changes).
 */
export const UnavailableItemsQuerySchema = z.object({ fulfillmentMethod: FulfillmentMethodQuerySchema });
export const UnavailableItemsResponseSchema = envelope(z.array(OrderItemSchema));

export const BulkItemsQuerySchema = z.object({
  removeInvalidItems: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
});
export const RejectedItemSchema = z.object({
  itemPathKey: z.string(),
  errors: z.array(
    z.object({ key: z.string(), code: z.union([z.number(), z.string()]), message: z.string() }),
  ),
});
export const BulkItemsValueSchema = z.object({
  order: OrderSchema,
  /** Items left out because removeInvalidItems was set. */
  removedItems: z.array(RejectedItemSchema),
});
export const BulkItemsResponseSchema = envelope(BulkItemsValueSchema);

// Pricing

/** POST sales/menus/{menuSnapshotId}/items/{itemPathKey}/pricings: changes are replayed on the defaults. */
export const MenuItemPricingBodySchema = z.object({
  quantity: ItemQuantitySchema.default(1),
  portionId: IdSchema.nullable().optional(),
  sequenceOfChanges: SequenceOfChangesSchema.default([]),
});
export type MenuItemPricingBody = z.input<typeof MenuItemPricingBodySchema>;

/** POST sales/orders/{orderId}/items/pricings: as above, on the order's snapshot. */
export const OrderItemPricingBodySchema = MenuItemPricingBodySchema.extend({
  itemPathKey: ItemPathKeySchema,
});
export type OrderItemPricingBody = z.input<typeof OrderItemPricingBodySchema>;

/** PUT sales/orders/{orderId}/items/{instanceId}/pricings: changes replayed on the line's current selection. */
export const OrderLinePricingBodySchema = z.object({
  quantity: ItemQuantitySchema.optional(),
  portionId: IdSchema.nullable().optional(),
  sequenceOfChanges: SequenceOfChangesSchema.default([]),
  transitionItemPathKey: ItemPathKeySchema.optional(),
});
export type OrderLinePricingBody = z.input<typeof OrderLinePricingBodySchema>;

export const ItemPricingValueSchema = z.object({
  itemPathKey: z.string(),
  quantity: z.number().int(),
  portionId: z.number().int().nullable(),
  unitPrice: z.number(),
  total: z.number(),
  /** The selection after the changes, for the client to keep in step. */
  selectedModifiers: z.array(OrderItemModifierSchema),
  isValid: z.boolean(),
  errors: z.array(z.object({ itemPathKey: z.string(), code: z.number().int(), message: z.string() })),
});
export type ItemPricingValue = z.infer<typeof ItemPricingValueSchema>;
export const ItemPricingResponseSchema = envelope(ItemPricingValueSchema);

// ---------------------------------------------------------------------------------------------------------
// Delivery on the order

/** GET/PUT sales/orders/{id}/delivery-address: the address (coordinates optional: the API geocodes). */
export const OrderDeliveryAddressSchema = z.object({
  line1: refuseNul(z.string().trim().max(200)).min(1, 'Address is required'),
  line2: refuseNul(z.string().trim().max(200)).default(''),
  city: refuseNul(z.string().trim().max(100)).default(''),
  stateCode: refuseNul(z.string().trim().max(2)).default(''),
  zipCode: refuseNul(z.string().trim().max(10)).default(''),
  latitude: z.number().min(-90).max(90).optional(),
  longitude: z.number().min(-180).max(180).optional(),
});
export type OrderDeliveryAddress = z.output<typeof OrderDeliveryAddressSchema>;
export const PutDeliveryAddressBodySchema = z.object({ address: OrderDeliveryAddressSchema });
export const DeliveryAddressValueSchema = z.object({
  address: OrderDeliveryAddressSchema.omit({ latitude: true, longitude: true }).nullable(),
  /** Dollars: the zone's fee and minimum order (null: none). */
  feeAmount: z.number(),
  minimumOrderAmount: z.number().nullable(),
});
export const DeliveryAddressResponseSchema = envelope(DeliveryAddressValueSchema);

/** PUT sales/orders/{id}/delivery-tip: the driver tip in dollars (2 decimals). */
export const DeliveryTipBodySchema = z.object({ tip: z.number().min(0).max(999.99) });
export const DeliveryTipValueSchema = z.object({ tip: z.number() });
export const DeliveryTipResponseSchema = envelope(DeliveryTipValueSchema);

/** Spec (checkout section 4): the driver tip defaults to 10% of the subtotal, 2 decimals. */
export function defaultDriverTipCents(subtotalCents: number): number {
  return Math.round(subtotalCents / 10);
}

/**
 * Whether two delivery addresses are the same (ordering spec section 5): field by field, trimmed and
 * case-insensitive, an empty or missing field equal to another empty or missing one.
 */
export function isSameDeliveryAddress(
  a: Partial<Record<'line1' | 'line2' | 'city' | 'stateCode' | 'zipCode', string | null>> | null | undefined,
  b: Partial<Record<'line1' | 'line2' | 'city' | 'stateCode' | 'zipCode', string | null>> | null | undefined,
): boolean {
  if (!a || !b) return !a && !b;
  const norm = (v: string | null | undefined) => (v ?? '').trim().toLowerCase();
  return (['line1', 'line2', 'city', 'stateCode', 'zipCode'] as const).every(
    (k) => norm(a[k]) === norm(b[k]),
  );
}
