/**
 * Brands, locations (stores) with their address, coordinates, time zone, flags, order and fulfillment
 * settings, weekly hours and holidays, the UI templates and the feature flags.
 */
import { relations, sql } from 'drizzle-orm';
import type { PickupAdditionalField } from '@storefront/contracts/locations';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  logo: text('logo'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Demo-only rolling schedules, evaluated relative to the current time so that a demo store always shows
 * the state it exists to show (see seed/locations.ts). Null for every real store.
 */
export const demoScheduleEnum = pgEnum('location_demo_schedule', ['closes-soon', 'opens-later']);

export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    /** The main brand (the UI template's brand); a food hall lists more in location_brands. */
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    description: text('description'),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    stateCode: text('state_code').notNull(),
    postalCode: text('postal_code').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone').notNull(),
    /** IANA time zone: hours, holidays and order times are computed in it. */
    timeZone: text('time_zone').notNull(),
    isOnline: boolean('is_online').notNull().default(true),
    acceptOrdersWhenClosed: boolean('accept_orders_when_closed').notNull().default(false),
    alertTitle: text('alert_title'),
    alertServiceAlert: text('alert_service_alert'),
    /** FULFILLMENT_METHOD values offered here (0 delivery, 1 pickup, 2 dine-in). */
    fulfillmentMethods: smallint('fulfillment_methods')
      .array()
      .notNull()
      .default(sql`'{1}'::smallint[]`),
    /** DELIVERY_PROVIDER values. */
    deliveryProviders: smallint('delivery_providers')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    averagePickupEtaMinutes: integer('average_pickup_eta_minutes').notNull().default(15),
    averageDeliveryEtaMinutes: integer('average_delivery_eta_minutes').notNull().default(45),
    // Order settings
    hideTipping: boolean('hide_tipping').notNull().default(false),
    hideContactInfoForTableside: boolean('hide_contact_info_for_tableside').notNull().default(false),
    hideContactInfoForCurbside: boolean('hide_contact_info_for_curbside').notNull().default(false),
    minOrderAmountCents: integer('min_order_amount_cents'),
    maxOrderAmountCents: integer('max_order_amount_cents'),
    prepTimeMinutes: integer('prep_time_minutes').notNull().default(15),
    cateringPrepTimeMinutes: integer('catering_prep_time_minutes')
      .notNull()
      .default(24 * 60),
    allowCheckoutInstructions: boolean('allow_checkout_instructions').notNull().default(true),
    allowItemInstructions: boolean('allow_item_instructions').notNull().default(true),
    includeUtensilsOption: boolean('include_utensils_option').notNull().default(true),
    demoSchedule: demoScheduleEnum('demo_schedule'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('locations_lat_lng_idx').on(t.latitude, t.longitude),
    index('locations_brand_idx').on(t.brandId),
    check('locations_latitude_ck', sql`${t.latitude} between -90 and 90`),
    check('locations_longitude_ck', sql`${t.longitude} between -180 and 180`),
    check('locations_prep_time_ck', sql`${t.prepTimeMinutes} >= 0`),
    check(
      'locations_order_limits_ck',
      sql`${t.minOrderAmountCents} is null or ${t.maxOrderAmountCents} is null or ${t.minOrderAmountCents} <= ${t.maxOrderAmountCents}`,
    ),
  ],
);

/** Brands served at a location (a food hall has several); ordered for the brand filter. */
export const locationBrands = pgTable(
  'location_brands',
  {
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    displayOrder: integer('display_order').notNull().default(0),
    defaultFilter: boolean('default_filter').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.brandId] })],
);

/**
 * Weekly opening periods, several a day. Minutes after local midnight; a close at or before the open ends
 * the next day (overnight); 0-1440 is the whole day.
 */
export const locationHours = pgTable(
  'location_hours',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** 0 Sunday ... 6 Saturday. */
    weekday: smallint('weekday').notNull(),
    opensAt: smallint('opens_at').notNull(),
    closesAt: smallint('closes_at').notNull(),
  },
  (t) => [
    index('location_hours_location_idx').on(t.locationId, t.weekday),
    check('location_hours_weekday_ck', sql`${t.weekday} between 0 and 6`),
    check(
      'location_hours_range_ck',
      sql`${t.opensAt} between 0 and 1439 and ${t.closesAt} between 0 and 1440`,
    ),
  ],
);

/** Holidays: closed, or open with their own hours (none listed: the weekday's usual hours). */
export const locationHolidays = pgTable(
  'location_holidays',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    isOpen: boolean('is_open').notNull(),
    opensAt: smallint('opens_at'),
    closesAt: smallint('closes_at'),
  },
  (t) => [
    uniqueIndex('location_holidays_location_date_uq').on(t.locationId, t.date),
    check(
      'location_holidays_hours_ck',
      sql`(${t.opensAt} is null) = (${t.closesAt} is null) and (${t.isOpen} or ${t.opensAt} is null)`,
    ),
  ],
);

/** Pickup options (walk-in 0, curbside 1, drive-thru 2) with their curbside details. */
export const locationPickupMethods = pgTable(
  'location_pickup_methods',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    pickupOption: smallint('pickup_option').notNull(),
    notes: text('notes'),
    carDetailsRequired: boolean('car_details_required').notNull().default(false),
    parkingSpaceRequired: boolean('parking_space_required').notNull().default(false),
    parkingSpaceMin: integer('parking_space_min'),
    parkingSpaceMax: integer('parking_space_max'),
    /** The option's additional fields (checkout spec section 3: id, label, options, required, min, max, readonly). */
    additionalFields: jsonb('additional_fields').$type<PickupAdditionalField[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('location_pickup_methods_uq').on(t.locationId, t.pickupOption),
    check('location_pickup_methods_option_ck', sql`${t.pickupOption} between 0 and 2`),
    check(
      'location_pickup_methods_range_ck',
      sql`(${t.parkingSpaceMin} is null) = (${t.parkingSpaceMax} is null) and (${t.parkingSpaceMin} is null or ${t.parkingSpaceMin} <= ${t.parkingSpaceMax})`,
    ),
  ],
);

/** UI templates: one default per brand (location_id null) and optional per-location overrides. */
export const uiTemplates = pgTable(
  'ui_templates',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    brandName: text('brand_name').notNull(),
    companyName: text('company_name').notNull(),
    primaryFont: text('primary_font').notNull().default('Inter'),
    secondaryFont: text('secondary_font').notNull().default('Inter'),
    textPrimaryColor: text('text_primary_color').notNull().default('#1F1F1F'),
    textSecondaryColor: text('text_secondary_color').notNull().default('#FFFFFF'),
    headerBackgroundColor: text('header_background_color').notNull().default('#8B0000'),
    buttonPrimaryColor: text('button_primary_color').notNull().default('#8B0000'),
    buttonSecondaryColor: text('button_secondary_color').notNull().default('#FFFFFF'),
    favIcon: text('fav_icon'),
    logo: text('logo'),
    hideDefaultModifiers: boolean('hide_default_modifiers').notNull().default(false),
    /** 'name' or 'logo': how the mobile brand filter is drawn. */
    brandFilterTemplateName: text('brand_filter_template_name').notNull().default('name'),
    searchTitle: text('search_title'),
    searchSecondaryTitle: text('search_secondary_title'),
    /** FULFILLMENT_METHOD values a guest can search by (company-wide; both show the Pickup/Delivery toggle). */
    searchFulfillmentMethods: smallint('search_fulfillment_methods')
      .array()
      .notNull()
      .default(sql`'{1}'::smallint[]`),
    /** orderStatusForWebOrdering.enabled: the tracking page shows (and polls) the order's status. */
    orderStatusEnabled: boolean('order_status_enabled').notNull().default(true),
    /** orderStatusForWebOrdering.orderStatusStages: the timeline's stage labels; null for the defaults. */
    orderStatusStages: jsonb('order_status_stages').$type<{ stage: number; label: string }[]>(),
  },
  (t) => [
    uniqueIndex('ui_templates_brand_default_uq')
      .on(t.brandId)
      .where(sql`${t.locationId} is null`),
    uniqueIndex('ui_templates_location_uq')
      .on(t.locationId)
      .where(sql`${t.locationId} is not null`),
  ],
);

/**
 * Where a location delivers: within a radius of the store (miles) or inside a GeoJSON polygon. An address is
 * deliverable when any of the location's zones holds it; a location without zones does not deliver.
 */
export const deliveryZoneKindEnum = pgEnum('delivery_zone_kind', ['radius', 'polygon']);

export const locationDeliveryZones = pgTable(
  'location_delivery_zones',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    kind: deliveryZoneKindEnum('kind').notNull(),
    radiusMiles: doublePrecision('radius_miles'),
    /** GeoJSON Polygon geometry: `{ type: 'Polygon', coordinates: [[[lng, lat], ...]] }`. */
    polygon: jsonb('polygon').$type<{ type: 'Polygon'; coordinates: [number, number][][] }>(),
    /** The delivery fee for addresses in this zone, and the zone's minimum order (null: the store's). */
    feeCents: integer('fee_cents').notNull().default(0),
    minOrderCents: integer('min_order_cents'),
  },
  (t) => [
    index('location_delivery_zones_location_idx').on(t.locationId),
    check(
      'location_delivery_zones_shape_ck',
      sql`(${t.kind} = 'radius' and ${t.radiusMiles} > 0 and ${t.polygon} is null) or (${t.kind} = 'polygon' and ${t.polygon} is not null and ${t.radiusMiles} is null)`,
    ),
  ],
);

/**
 * The catalogue's change log (migration 0028): one row per store, stamped by triggers with the transaction id
 * (xid8 as a number) of the last transaction that changed the store, its hours, holidays, pickup methods, brand
 * links, delivery zones or a brand it shows. Each API process keeps the catalogue in memory and re-reads only
 * the stores stamped since its last read (locations.service.ts). No foreign key: a deleted store keeps its row,
 * so its deletion is seen.
 */
export const locationChanges = pgTable(
  'location_changes',
  {
    locationId: integer('location_id').primaryKey(),
    changedBy: bigint('changed_by', { mode: 'number' }).notNull(),
  },
  (t) => [index('location_changes_changed_by_idx').on(t.changedBy)],
);

export const featureFlags = pgTable('feature_flags', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
});

export const brandsRelations = relations(brands, ({ many }) => ({
  locations: many(locations),
}));

export const locationsRelations = relations(locations, ({ one, many }) => ({
  brand: one(brands, { fields: [locations.brandId], references: [brands.id] }),
  brands: many(locationBrands),
  hours: many(locationHours),
  holidays: many(locationHolidays),
  pickupMethods: many(locationPickupMethods),
  deliveryZones: many(locationDeliveryZones),
}));

export const locationDeliveryZonesRelations = relations(locationDeliveryZones, ({ one }) => ({
  location: one(locations, { fields: [locationDeliveryZones.locationId], references: [locations.id] }),
}));

export const locationBrandsRelations = relations(locationBrands, ({ one }) => ({
  location: one(locations, { fields: [locationBrands.locationId], references: [locations.id] }),
  brand: one(brands, { fields: [locationBrands.brandId], references: [brands.id] }),
}));

export const locationHoursRelations = relations(locationHours, ({ one }) => ({
  location: one(locations, { fields: [locationHours.locationId], references: [locations.id] }),
}));

export const locationHolidaysRelations = relations(locationHolidays, ({ one }) => ({
  location: one(locations, { fields: [locationHolidays.locationId], references: [locations.id] }),
}));

export const locationPickupMethodsRelations = relations(locationPickupMethods, ({ one }) => ({
  location: one(locations, { fields: [locationPickupMethods.locationId], references: [locations.id] }),
}));
