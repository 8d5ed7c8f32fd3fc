/**
 * Locations (stores): the store entity, search results, order and fulfillment settings, order times,
 * context options, address suggestions and place details, with the request schemas of their routes.
 */
import { z } from 'zod';
import { ApiErrorSchema, BooleanQuerySchema, envelope } from './api';
import { IdParamSchema, NearDateSchema, refuseNul, textSchema } from './bounds';
import {
  FULFILLMENT_METHOD,
  FULFILLMENT_METHOD_LABEL,
  FulfillmentMethodQuerySchema,
  FulfillmentMethodSchema,
  ORDER_CHANNEL,
  PickupTypeSchema,
  StoreStatusSchema,
  type FulfillmentMethod,
} from './enums';
import { LatitudeSchema, LongitudeSchema } from './geo';
import type { Holiday, OpeningPeriod } from './store-hours';

// The shapes of store-hours.ts (kept zod-free there for the browser).
/** 'HH:mm' on a 24-hour clock; '24:00' means the end of the day. */
export const ClockTimeSchema = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Time must be HH:mm (00:00 to 24:00)');

/** 'YYYY-MM-DD', a calendar date in the location's time zone. */
export const LocalDateSchema = z.iso.date();

/**
 * One opening period. A `close` at or before `open` ends on the next day (an overnight period,
 * e.g. 18:00-02:00); '00:00'-'24:00' is the whole day.
 */
export const OpeningPeriodSchema: z.ZodType<OpeningPeriod> = z.object({
  open: ClockTimeSchema,
  close: ClockTimeSchema,
});

export const HolidaySchema: z.ZodType<Holiday> = z.object({
  date: LocalDateSchema,
  title: z.string(),
  isOpen: z.boolean(),
  /** Hours on that day when open; empty with isOpen means the usual hours of that weekday. */
  hours: z.array(OpeningPeriodSchema),
});

// ---------------------------------------------------------------------------------------------------------
// The store entity

export const StoreAddressSchema = z.object({
  address1: z.string(),
  address2: z.string().nullable(),
  city: z.string(),
  stateCode: z.string(),
  postalCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});
export type StoreAddress = z.infer<typeof StoreAddressSchema>;

export const StoreStatusValueSchema = z.object({
  locationStatus: StoreStatusSchema,
  /** 'Open until 10:00 PM', 'Closes at 10:00 PM', 'Opens at 11:00 AM', ... */
  description: z.string(),
});
export type StoreStatusValue = z.infer<typeof StoreStatusValueSchema>;

export const BusinessDaySchema = z.object({
  /** 0 Sunday ... 6 Saturday. */
  weekday: z.number().int().min(0).max(6),
  day: z.string(),
  isOpen: z.boolean(),
  isCurrentDay: z.boolean(),
  /** Several periods a day; a close at or before the open ends the next day. */
  hours: z.array(OpeningPeriodSchema),
});
export type BusinessDay = z.infer<typeof BusinessDaySchema>;

export const StoreHoursSchema = z.object({
  businessHours: z.array(BusinessDaySchema),
  /** Upcoming holidays (today on). */
  holidays: z.array(HolidaySchema),
});
export type StoreHours = z.infer<typeof StoreHoursSchema>;

export const AlertMessageServiceSchema = z.object({ title: z.string(), serviceAlert: z.string() });
export type AlertMessageService = z.infer<typeof AlertMessageServiceSchema>;

export const BrandSchema = z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() });
export type Brand = z.infer<typeof BrandSchema>;

// ---------------------------------------------------------------------------------------------------------
// Context options

export const OrderTypeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  fulfillmentMethod: FulfillmentMethodSchema,
});
export const ContextFulfillmentMethodSchema = z.object({
  id: FulfillmentMethodSchema,
  title: z.string(),
  enabled: z.boolean(),
  /** The order type a selected method carries (spec: a selected method holds id and orderTypeId). */
  orderTypeId: z.number().int(),
});
export const OrderChannelOptionSchema = z.object({ id: z.number().int(), title: z.string() });
export const ContextOptionsSchema = z.object({
  orderTypes: z.array(OrderTypeSchema),
  fulfillmentMethods: z.array(ContextFulfillmentMethodSchema),
  orderChannels: z.array(OrderChannelOptionSchema),
});
export type ContextOptions = z.infer<typeof ContextOptionsSchema>;

/** Order type ids are ours (the spec names the field only): one per fulfillment method. */
export const ORDER_TYPE_ID: Record<FulfillmentMethod, number> = { 0: 1, 1: 2, 2: 3 };
export const ORDER_CHANNEL_TITLE: Record<number, string> = {
  [ORDER_CHANNEL.web]: 'Web Ordering',
  [ORDER_CHANNEL.catering]: 'Catering',
  [ORDER_CHANNEL.inStore]: 'In-Store',
};

/** Context options of a store from the methods it offers (all three listed, enabled or not). */
export function buildContextOptions(enabledMethods: readonly FulfillmentMethod[]): ContextOptions {
  const all = [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.Delivery, FULFILLMENT_METHOD.DineIn] as const;
  return {
    orderTypes: all
      .filter((m) => enabledMethods.includes(m))
      .map((m) => ({ id: ORDER_TYPE_ID[m], title: FULFILLMENT_METHOD_LABEL[m], fulfillmentMethod: m })),
    fulfillmentMethods: all.map((m) => ({
      id: m,
      title: FULFILLMENT_METHOD_LABEL[m],
      enabled: enabledMethods.includes(m),
      orderTypeId: ORDER_TYPE_ID[m],
    })),
    orderChannels: Object.entries(ORDER_CHANNEL_TITLE).map(([id, title]) => ({ id: Number(id), title })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Settings

/**
 * A pickup option's additional field (checkout spec sections 3 and 5): asked of the guest choosing the option.
 * Without options the answer is a whole number between min and max (either may be null); with options it is one
 * of the options' ids (a select). A readonly field is shown but not answered by the guest.
 */
export const PickupAdditionalFieldSchema = z.object({
  id: textSchema(40).min(1),
  label: textSchema(80).min(1),
  options: z.array(z.object({ id: textSchema(40).min(1), value: textSchema(80) })).nullable(),
  required: z.boolean(),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  readonly: z.boolean(),
});
export type PickupAdditionalField = z.infer<typeof PickupAdditionalFieldSchema>;

/**
 * One answer to a pickup option's additional field as people read it (tracking page, kitchen ticket): the
 * field's id and label, the answer as stored (a number, or a select's option id) and as shown (the option's text).
 */
export const PickupFieldAnswerSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string(),
  displayValue: z.string(),
});
export type PickupFieldAnswer = z.infer<typeof PickupFieldAnswerSchema>;

export const PickupMethodSchema = z.object({
  pickupOption: PickupTypeSchema,
  notes: z.string().nullable(),
  carDetailsRequired: z.boolean(),
  parkingSpaceRequired: z.boolean(),
  /** [min, max] parking place numbers, or null when places are not numbered. */
  parkingSpaceRange: z.tuple([z.number().int(), z.number().int()]).nullable(),
  /** The option's additional fields (absent: none). */
  additionalFields: z.array(PickupAdditionalFieldSchema).optional(),
});
export type PickupMethod = z.infer<typeof PickupMethodSchema>;

export const FulfillmentSettingsSchema = z.object({
  availablePickupMethods: z.array(PickupMethodSchema),
  /** DELIVERY_PROVIDER values. */
  availableDeliveryProviders: z.array(z.number().int()),
  averagePickupEtaInMinutes: z.number().int(),
  averageDeliveryEtaInMinutes: z.number().int(),
});
export type FulfillmentSettings = z.infer<typeof FulfillmentSettingsSchema>;

export const OrderSettingsSchema = z.object({
  locationId: z.number().int(),
  fulfillmentMethod: FulfillmentMethodSchema.nullable(),
  catering: z.boolean(),
  hideTipping: z.boolean(),
  hideContactInformationSettings: z.object({
    hideForTablesideOrders: z.boolean(),
    hideForCurbsideOrders: z.boolean(),
  }),
  /** Dollars; null when there is no limit. */
  minimumOrderAmount: z.number().nullable(),
  maximumOrderAmount: z.number().nullable(),
  preparationTimeInMinutes: z.number().int(),
  allowCheckoutInstructions: z.boolean(),
  allowItemInstructions: z.boolean(),
  includeUtensilsOption: z.boolean(),
  /** Scheduling is required (catering, or a closed store that accepts orders when closed). */
  schedulingRequired: z.boolean(),
});
export type OrderSettings = z.infer<typeof OrderSettingsSchema>;

// ---------------------------------------------------------------------------------------------------------
// Store

export const StoreSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  brandId: z.number().int(),
  /** Every brand served here (several in a food hall). */
  brands: z.array(BrandSchema),
  address: StoreAddressSchema,
  contactInformation: z.object({ phone: z.string() }),
  timeZone: z.string(),
  /** Methods this store offers (FULFILLMENT_METHOD values). */
  fulfillmentMethods: z.array(FulfillmentMethodSchema),
  averagePickupEtaInMinutes: z.number().int(),
  averageDeliveryEtaInMinutes: z.number().int(),
  status: StoreStatusValueSchema.optional(),
  storeHours: StoreHoursSchema.optional(),
  isOnline: z.boolean().optional(),
  acceptOrdersWhenClosed: z.boolean().optional(),
  alertMessageService: AlertMessageServiceSchema.nullable().optional(),
  contextOptions: ContextOptionsSchema.optional(),
});
export type Store = z.infer<typeof StoreSchema>;

export const LocationSearchItemSchema = z.object({
  item: StoreSchema,
  /** Miles, 2 decimals. */
  distance: z.number(),
});
export type LocationSearchItem = z.infer<typeof LocationSearchItemSchema>;

// ---------------------------------------------------------------------------------------------------------
// Requests and responses

const optionalFlag = BooleanQuerySchema.optional().default(false);

/** GET /v1/locations: latitude and longitude, or an address to geocode. */
export const LocationSearchQuerySchema = z
  .object({
    latitude: z.coerce.number().pipe(LatitudeSchema).optional(),
    longitude: z.coerce.number().pipe(LongitudeSchema).optional(),
    address: refuseNul(z.string().trim().min(1).max(200)).optional(),
    radiusMiles: z.coerce.number().positive().max(500).optional(),
    fulfillmentMethod: FulfillmentMethodQuerySchema.optional(),
    includeLocationStatus: optionalFlag,
    includeOnlineAvailability: optionalFlag,
    includeAcceptOrdersAfterCloseFlag: optionalFlag,
    limit: z.coerce.number().int().positive().max(100).optional(),
  })
  .refine((q) => (q.latitude !== undefined && q.longitude !== undefined) || q.address !== undefined, {
    message: 'latitude and longitude, or address, are required',
  });
export type LocationSearchQuery = z.infer<typeof LocationSearchQuerySchema>;

export const LocationSearchValueSchema = z.object({
  items: z.array(LocationSearchItemSchema),
  /** The point the distances are measured from (the geocoded address when one was given). */
  origin: z.object({ latitude: z.number(), longitude: z.number() }),
  radiusMiles: z.number(),
});
export type LocationSearchValue = z.infer<typeof LocationSearchValueSchema>;
export const LocationSearchResponseSchema = envelope(LocationSearchValueSchema);

export const LocationIdParamsSchema = z.object({ id: IdParamSchema });

export const LocationQuerySchema = z.object({
  fulfillmentMethod: FulfillmentMethodQuerySchema.optional(),
  includeStoreHours: optionalFlag,
  includeOnlineStatus: optionalFlag,
  includeContextOptions: optionalFlag,
  includeAcceptOrdersAfterCloseFlag: optionalFlag,
  includeAlertService: optionalFlag,
  includeLocationStatus: BooleanQuerySchema.optional().default(true),
  catering: optionalFlag,
});
export type LocationQuery = z.infer<typeof LocationQuerySchema>;
export const LocationResponseSchema = envelope(StoreSchema);

export const OrderSettingsQuerySchema = z.object({
  fulfillmentMethod: FulfillmentMethodQuerySchema.optional(),
  catering: optionalFlag,
});
export const OrderSettingsResponseSchema = envelope(OrderSettingsSchema);
export const FulfillmentSettingsResponseSchema = envelope(FulfillmentSettingsSchema);

export const OrderTimesQuerySchema = z.object({
  fulfillmentMethod: FulfillmentMethodQuerySchema.optional(),
  /**
   * A local date 'YYYY-MM-DD' (a full ISO date-time is cut to its date), within a year of today; a date outside
   * the days the store offers is refused by the service (400).
   */
  customDate: z
    .string()
    .max(40)
    .trim()
    .transform((v) => v.slice(0, 10))
    .pipe(NearDateSchema)
    .optional(),
  catering: optionalFlag,
});
export const OrderTimeOptionsSchema = z.object({ date: LocalDateSchema, times: z.array(z.string()) });
export const OrderTimesResponseSchema = envelope(z.array(OrderTimeOptionsSchema));

export const ContextOptionsQuerySchema = z.object({ locationId: IdParamSchema });
export const ContextOptionsResponseSchema = envelope(ContextOptionsSchema);

// ---------------------------------------------------------------------------------------------------------
// Address suggestions and place details

export const PlaceSuggestionSchema = z.object({
  placeId: z.string(),
  mainText: z.string(),
  secondaryText: z.string(),
  description: z.string(),
});
export type PlaceSuggestion = z.infer<typeof PlaceSuggestionSchema>;

export const PlaceAutocompleteQuerySchema = z.object({
  input: textSchema(200),
  fulfillmentMethod: FulfillmentMethodQuerySchema.optional(),
  /** Debug mode: suggestions are not limited to the US. */
  anyRegion: BooleanQuerySchema.optional(),
});
export const PlaceAutocompleteResponseSchema = envelope(z.array(PlaceSuggestionSchema));

export const PlaceDetailsSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  stateCode: z.string(),
  zipCode: z.string(),
});
export type PlaceDetails = z.infer<typeof PlaceDetailsSchema>;
export const PlaceParamsSchema = z.object({ placeId: textSchema(300).min(1) });
export const PlaceDetailsResponseSchema = envelope(PlaceDetailsSchema);

// ---------------------------------------------------------------------------------------------------------
// Delivery zones and estimates

/** A store delivers within a radius of itself or inside a polygon ([longitude, latitude] rings, GeoJSON). */
export const DeliveryZoneSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('radius'), radiusMiles: z.number().positive().max(100) }),
  z.object({
    kind: z.literal('polygon'),
    polygon: z.object({
      type: z.literal('Polygon'),
      coordinates: z.array(z.array(z.tuple([LongitudeSchema, LatitudeSchema])).min(1)).min(1),
    }),
  }),
]);
export type DeliveryZone = z.infer<typeof DeliveryZoneSchema>;

/** The guest's delivery address (coordinates optional: the API geocodes the text without them). */
export const DeliveryAddressSchema = z.object({
  line1: refuseNul(z.string().trim().min(1).max(200)),
  line2: refuseNul(z.string().trim().max(200)).default(''),
  city: refuseNul(z.string().trim().max(100)).default(''),
  stateCode: refuseNul(z.string().trim().max(2)).default(''),
  zipCode: refuseNul(z.string().trim().max(10)).default(''),
  latitude: LatitudeSchema.optional(),
  longitude: LongitudeSchema.optional(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddressSchema>;
export type DeliveryAddressInput = z.input<typeof DeliveryAddressSchema>;

/** POST /v1/locations/{id}/delivery-estimates. */
export const DeliveryEstimateBodySchema = z.object({ address: DeliveryAddressSchema });
export type DeliveryEstimateBody = z.input<typeof DeliveryEstimateBodySchema>;

export const DeliveryEstimateSchema = z.object({
  /** ISO 8601 with offset: when the order would arrive if placed now. */
  deliveryTime: z.string(),
  deliveryEtaInMinutes: z.number().int(),
  /** Miles from the store, 2 decimals. */
  distance: z.number(),
  /** Problems with this estimate (empty when the address can be served). */
  errors: z.array(ApiErrorSchema),
});
export type DeliveryEstimate = z.infer<typeof DeliveryEstimateSchema>;
/** The answer is a list; the storefront uses its first element (spec section 7). */
export const DeliveryEstimatesResponseSchema = envelope(z.array(DeliveryEstimateSchema));

export const ADDRESS_OUT_OF_RANGE_MESSAGE = 'The address is out of range';
