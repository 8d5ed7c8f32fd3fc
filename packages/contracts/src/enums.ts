/**
 * The spec's enumerations, defined once with the spec's numbers (in `enum-values.ts`, zod-free) and their zod
 * schemas, reused by the API, Drizzle columns and the storefront's server code.
 */
import { z } from 'zod';
import {
  ADDRESS_REQUIREMENT,
  DISCOUNT_TIMING,
  ORDER_ACTION,
  PRICE_DISPLAY,
  PRICING_TYPE,
  STORE_STATUS,
} from './enum-values';

export * from './enum-values';

export const OrderChannelSchema = z.union([z.literal(105), z.literal(106), z.literal(107)]);
export const FulfillmentMethodSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const FulfillmentMethodQuerySchema = z.coerce.number().pipe(FulfillmentMethodSchema);
export const PickupTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const NotificationTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export const MenuLayoutSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export const PriceDisplaySchema = z.enum(PRICE_DISPLAY);
export const ItemTypeSchema = z.number().int().min(1).max(26);
export const PricingTypeSchema = z.enum(PRICING_TYPE);
export const AddressRequirementSchema = z.enum(ADDRESS_REQUIREMENT);
export const StoreStatusSchema = z.enum(STORE_STATUS);
export const OrderActionSchema = z.enum(ORDER_ACTION);
export const CrossSellTriggerModeSchema = z.enum(DISCOUNT_TIMING);
export const PaymentMethodSchema = z.union([z.literal(2), z.literal(5), z.literal(6), z.literal(15)]);
export const OrderStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
