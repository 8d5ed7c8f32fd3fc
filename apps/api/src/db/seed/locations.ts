/**
 * Demo brands, locations, UI templates and feature flags in the Washington, DC metro area (around the spec's
 * default store-finder point 39, -77). Ids are fixed so that other seeds and tests can refer to them through
 * DEMO_LOCATIONS / DEMO_BRANDS.
 *
 * Demoable states, whenever the demo runs: the open store is open 24/7; the "closes soon" store and the two
 * closed stores use a demo-only rolling schedule (`demo_schedule`), which the locations service evaluates
 * relative to the current time: 'closes-soon' makes every day's period end 15 to 30 minutes from now (so the
 * chip always reads 'Closes Soon'), 'opens-later' makes it start at the next 4-hour mark at least 30 minutes away (so the chip reads
 * 'Closed' / 'Opens at ...' and scheduled orders have slots). A fixed schedule would be right only at some
 * hours of the day; hours seeded relative to the seeding time would be wrong the next day.
 */
import { sql } from 'drizzle-orm';
import { DELIVERY_PROVIDER, FULFILLMENT_METHOD, PICKUP_TYPE } from '@storefront/contracts/enums';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import type { Db } from '../client';
import {
  brands,
  featureFlags,
  locationBrands,
  locationDeliveryZones,
  locationHolidays,
  locationHours,
  locationPickupMethods,
  locations,
  uiTemplates,
} from '../schema/locations';
import { locationSlotCapacities } from '../schema/capacity';
import { brandMessageTemplates } from '../schema/messaging';

export const DEMO_BRANDS = {
  capitalKitchen: 1,
  potomacNoodleBar: 2,
  chesapeakeTacos: 3,
} as const;

/** Demo location ids by the behaviour each one shows. */
export const DEMO_LOCATIONS = {
  /** Dupont Circle: open 24/7, pickup and delivery (within 3 miles), alert banner. The store to order from in tests. */
  open: 1,
  /** Silver Spring: always 'Closes Soon' (rolling demo schedule). */
  closesSoon: 2,
  /** Bethesda: closed now, accepts scheduled orders (rolling demo schedule). */
  closedAcceptingScheduled: 3,
  /** Rockville: closed now, does not accept orders while closed; delivers within 4 miles when open. */
  closed: 4,
  /** Clarendon (Arlington, VA): offline (isOnline false), otherwise open 24/7. */
  offline: 5,
  /** Gaithersburg: walk-in, curbside (numbered spaces 1-12) and drive-thru; 24/7; $10 minimum. */
  curbside: 6,
  /** Navy Yard: table ordering (dine-in) and pickup; 24/7. */
  tableOrdering: 7,
  /** Union Market food hall: three brands, split shifts, holidays, accepts orders when closed, delivers to a polygon. */
  foodHall: 8,
  /**
   * Frederick: regular hours, about 36 miles from 39, -77 (outside the 25-mile pickup radius); a tight kitchen:
   * 2 pickup orders and 10 items per 15-minute slot.
   */
  frederick: 9,
  /**
   * Chicago Loop: Central time (America/Chicago, an hour behind the others), breakfast-lunch and dinner shifts,
   * a shorter Sunday, and a closed inventory day in the coming days.
   */
  chicago: 10,
} as const;

/** The demo drive-thru's additional field (checkout spec section 3): optional, a select as it has options. */
export const DEMO_DRIVE_THRU_LANE = {
  id: 'lane',
  label: 'Drive-thru lane',
  options: [
    { id: '1', value: 'Lane 1 (left)' },
    { id: '2', value: 'Lane 2 (right)' },
  ],
  required: false,
  min: null,
  max: null,
  readonly: false,
};

export const DEMO_TIME_ZONE = 'America/New_York';

const ALL_DAY = [{ opensAt: 0, closesAt: 1440 }];
const hm = (h: number, m = 0) => h * 60 + m;
type Day = { opensAt: number; closesAt: number }[];
const week = (perDay: (weekday: number) => Day) =>
  Array.from({ length: 7 }, (_, weekday) => perDay(weekday).map((p) => ({ weekday, ...p }))).flat();

/** The next occurrence (from today, UTC) of a month/day, as 'YYYY-MM-DD'. */
function nextDate(month: number, day: number, from = new Date()): string {
  const year = from.getUTCFullYear();
  const candidate = Date.UTC(year, month - 1, day);
  const today = Date.UTC(year, from.getUTCMonth(), from.getUTCDate());
  const y = candidate >= today ? year : year + 1;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const usualHolidays = () => [
  { date: nextDate(7, 4), title: 'Independence Day', isOpen: true, opensAt: hm(11), closesAt: hm(16) },
  { date: nextDate(12, 24), title: 'Christmas Eve', isOpen: true, opensAt: hm(11), closesAt: hm(15) },
  { date: nextDate(12, 25), title: 'Christmas Day', isOpen: false, opensAt: null, closesAt: null },
  { date: nextDate(1, 1), title: "New Year's Day", isOpen: false, opensAt: null, closesAt: null },
];

/** 'YYYY-MM-DD' (UTC) `days` after `from`. */
function daysFrom(days: number, from = new Date()): string {
  return new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + days))
    .toISOString()
    .slice(0, 10);
}

/**
 * Holidays in the weeks after seeding, so the store info modal always has some to show (one closed, one with
 * shorter hours). Never the seeding day itself: the demo states of the day stay as documented.
 */
const soonHolidays = () => [
  { date: daysFrom(6), title: 'Staff Training Day', isOpen: false, opensAt: null, closesAt: null },
  { date: daysFrom(13), title: 'Neighborhood Festival', isOpen: true, opensAt: hm(12), closesAt: hm(18) },
];

interface DemoLocation {
  row: typeof locations.$inferInsert & { id: number };
  hours: { weekday: number; opensAt: number; closesAt: number }[];
  holidays?: ReturnType<typeof usualHolidays>;
  pickup?: (typeof locationPickupMethods.$inferInsert)[];
  brandIds?: number[];
}

const base = {
  brandId: DEMO_BRANDS.capitalKitchen,
  timeZone: DEMO_TIME_ZONE,
  fulfillmentMethods: [FULFILLMENT_METHOD.Pickup],
};

function demoLocations(): DemoLocation[] {
  return [
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.open,
        name: 'Capital Kitchen - Dupont Circle',
        description: 'Open around the clock, two blocks from the Circle.',
        address1: '1350 Connecticut Ave NW',
        city: 'Washington',
        stateCode: 'DC',
        postalCode: '20036',
        latitude: 38.9096,
        longitude: -77.0434,
        phone: '(202) 555-0143',
        fulfillmentMethods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.Delivery],
        deliveryProviders: [DELIVERY_PROVIDER.DoordashDrive],
        alertTitle: 'Pickup entrance moved',
        alertServiceAlert:
          'While Connecticut Ave is under repair, please use our 19th Street door for pickup.',
        maxOrderAmountCents: 100_000,
      },
      hours: week(() => ALL_DAY),
      // Open all day on its holidays, so the test store stays open around the clock.
      holidays: [
        { date: daysFrom(9), title: 'Dupont Circle Anniversary', isOpen: true, opensAt: 0, closesAt: hm(24) },
        { date: nextDate(7, 4), title: 'Independence Day', isOpen: true, opensAt: 0, closesAt: hm(24) },
      ],
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.closesSoon,
        name: 'Capital Kitchen - Silver Spring',
        description: 'Across from the Silver Spring Metro.',
        address1: '8661 Colesville Rd',
        city: 'Silver Spring',
        stateCode: 'MD',
        postalCode: '20910',
        latitude: 38.9961,
        longitude: -77.0275,
        phone: '(301) 555-0178',
        demoSchedule: 'closes-soon',
      },
      // Replaced at read time by the rolling demo schedule; kept as the store's nominal hours.
      hours: week(() => [{ opensAt: hm(11), closesAt: hm(21) }]),
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.closedAcceptingScheduled,
        name: 'Capital Kitchen - Bethesda Row',
        description: 'Closed right now: schedule your order for later.',
        address1: '7101 Wisconsin Ave',
        city: 'Bethesda',
        stateCode: 'MD',
        postalCode: '20814',
        latitude: 38.9808,
        longitude: -77.0931,
        phone: '(301) 555-0112',
        acceptOrdersWhenClosed: true,
        demoSchedule: 'opens-later',
      },
      hours: week(() => [{ opensAt: hm(11), closesAt: hm(21) }]),
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.closed,
        name: 'Capital Kitchen - Rockville Town Square',
        description: null,
        address1: '200 E Middle Ln',
        city: 'Rockville',
        stateCode: 'MD',
        postalCode: '20850',
        latitude: 39.0846,
        longitude: -77.1497,
        phone: '(301) 555-0165',
        demoSchedule: 'opens-later',
        // Delivers, but is never open now: a Rockville address shows 'Delivery isn't available right now'.
        fulfillmentMethods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.Delivery],
        deliveryProviders: [DELIVERY_PROVIDER.DoordashDrive],
      },
      hours: week(() => [{ opensAt: hm(11), closesAt: hm(21) }]),
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.offline,
        name: 'Capital Kitchen - Clarendon',
        description: 'Temporarily not taking online orders.',
        address1: '2800 Clarendon Blvd',
        city: 'Arlington',
        stateCode: 'VA',
        postalCode: '22201',
        latitude: 38.8868,
        longitude: -77.0946,
        phone: '(703) 555-0127',
        isOnline: false,
      },
      hours: week(() => ALL_DAY),
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.curbside,
        name: 'Capital Kitchen - Gaithersburg',
        description: 'Curbside and drive-thru, day and night.',
        address1: '600 N Frederick Ave',
        city: 'Gaithersburg',
        stateCode: 'MD',
        postalCode: '20877',
        latitude: 39.1453,
        longitude: -77.209,
        phone: '(301) 555-0190',
        hideContactInfoForCurbside: true,
        minOrderAmountCents: 1_000,
        averagePickupEtaMinutes: 10,
      },
      hours: week(() => ALL_DAY),
      pickup: [
        {
          locationId: DEMO_LOCATIONS.curbside,
          pickupOption: PICKUP_TYPE.WalkIn,
          notes: 'Pick up at the counter.',
        },
        {
          locationId: DEMO_LOCATIONS.curbside,
          pickupOption: PICKUP_TYPE.Curbside,
          notes: 'Park in a numbered curbside space and we will bring your order out.',
          carDetailsRequired: true,
          parkingSpaceRequired: true,
          parkingSpaceMin: 1,
          parkingSpaceMax: 12,
        },
        {
          locationId: DEMO_LOCATIONS.curbside,
          pickupOption: PICKUP_TYPE.DriveThru,
          notes: 'Give your name at the drive-thru window.',
          carDetailsRequired: true,
          additionalFields: [DEMO_DRIVE_THRU_LANE],
        },
      ],
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.tableOrdering,
        name: 'Capital Kitchen - Navy Yard',
        description: 'Order from your table: scan the code on it.',
        address1: '1201 Half St SE',
        city: 'Washington',
        stateCode: 'DC',
        postalCode: '20003',
        latitude: 38.8757,
        longitude: -77.0074,
        phone: '(202) 555-0158',
        fulfillmentMethods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.DineIn],
        hideContactInfoForTableside: true,
        hideTipping: true,
      },
      hours: week(() => ALL_DAY),
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.foodHall,
        name: 'Union Market Food Hall',
        description: 'Three kitchens under one roof.',
        address1: '1309 5th St NE',
        city: 'Washington',
        stateCode: 'DC',
        postalCode: '20002',
        latitude: 38.9086,
        longitude: -76.9973,
        phone: '(202) 555-0136',
        fulfillmentMethods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.Delivery],
        deliveryProviders: [DELIVERY_PROVIDER.DoordashDrive],
        acceptOrdersWhenClosed: true,
        prepTimeMinutes: 20,
      },
      // Split shifts; Friday and Saturday dinner runs past midnight.
      hours: week((weekday) =>
        weekday === 5 || weekday === 6
          ? [
              { opensAt: hm(11), closesAt: hm(15) },
              { opensAt: hm(17), closesAt: hm(1) },
            ]
          : [
              { opensAt: hm(11), closesAt: hm(15) },
              { opensAt: hm(17), closesAt: hm(22) },
            ],
      ),
      holidays: [...usualHolidays(), ...soonHolidays()],
      brandIds: [DEMO_BRANDS.capitalKitchen, DEMO_BRANDS.potomacNoodleBar, DEMO_BRANDS.chesapeakeTacos],
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.frederick,
        name: 'Capital Kitchen - Frederick',
        description: 'On Carroll Creek.',
        address1: '50 Carroll Creek Way',
        city: 'Frederick',
        stateCode: 'MD',
        postalCode: '21701',
        latitude: 39.4135,
        longitude: -77.4093,
        phone: '(301) 555-0104',
      },
      hours: week((weekday) =>
        weekday === 0
          ? [{ opensAt: hm(11), closesAt: hm(20) }]
          : weekday >= 5
            ? [{ opensAt: hm(10, 30), closesAt: hm(22) }]
            : [{ opensAt: hm(10, 30), closesAt: hm(21) }],
      ),
      holidays: [...usualHolidays(), ...soonHolidays()],
    },
    {
      row: {
        ...base,
        id: DEMO_LOCATIONS.chicago,
        name: 'Capital Kitchen - Chicago Loop',
        description: 'Our first store out west, by the Chicago Riverwalk.',
        address1: '233 S Wacker Dr',
        city: 'Chicago',
        stateCode: 'IL',
        postalCode: '60606',
        latitude: 41.8789,
        longitude: -87.6359,
        phone: '(312) 555-0110',
        // Every hour and slot of this store is computed in its own zone, not the company's.
        timeZone: 'America/Chicago',
        prepTimeMinutes: 25,
        // Scheduled orders while closed: its SMS-verified Pay at the Store can be tried at any hour.
        acceptOrdersWhenClosed: true,
      },
      hours: week((weekday) =>
        weekday === 0
          ? [{ opensAt: hm(9), closesAt: hm(15) }]
          : [
              { opensAt: hm(7), closesAt: hm(14) },
              { opensAt: hm(16, 30), closesAt: hm(21) },
            ],
      ),
      holidays: [
        ...usualHolidays(),
        { date: daysFrom(4), title: 'Inventory Day', isOpen: false, opensAt: null, closesAt: null },
        { date: daysFrom(11), title: 'Riverwalk Fair', isOpen: true, opensAt: hm(10), closesAt: hm(16) },
      ],
    },
  ];
}

const templateBase = {
  primaryFont: 'Inter',
  secondaryFont: 'Inter',
  textPrimaryColor: '#8B0000',
  textSecondaryColor: '#FFFFFF',
  headerBackgroundColor: '#8B0000',
  buttonPrimaryColor: '#8B0000',
  buttonSecondaryColor: '#FFFFFF',
  favIcon: null,
  logo: null,
  hideDefaultModifiers: false,
};

/** The demo brand's own wording of its order messages (modules/notifications/message-templates.ts). */
export const CAPITAL_KITCHEN_MESSAGES = {
  brandId: DEMO_BRANDS.capitalKitchen,
  readyText: 'Capital Kitchen: order #{number} is hot and ready at {store}. Track it: {link}',
  lateText:
    'Capital Kitchen: order #{number} at {store} is taking longer than we promised. Sorry! Track it: {link}',
  receiptSubject: 'Capital Kitchen receipt for order #{number}',
  receiptIntro: 'Thanks for ordering with Capital Kitchen, {name}! Here is your receipt from {store}.',
  receiptClosing:
    'Questions? Call {store} at {phone}. Capital Kitchen: cooked to order in the capital region.',
};

/** Brands, locations with hours, holidays and pickup options, UI templates and feature flags. */
export async function seedLocations(db: Db) {
  await db.insert(brands).values([
    { id: DEMO_BRANDS.capitalKitchen, name: 'Capital Kitchen' },
    { id: DEMO_BRANDS.potomacNoodleBar, name: 'Potomac Noodle Bar' },
    { id: DEMO_BRANDS.chesapeakeTacos, name: 'Chesapeake Tacos' },
  ]);
  // Capital Kitchen words its texts and receipts its own way; the other brands keep the defaults.
  await db.insert(brandMessageTemplates).values(CAPITAL_KITCHEN_MESSAGES);
  const list = demoLocations();
  await db.insert(locations).values(list.map((l) => l.row));
  await db
    .insert(locationHours)
    .values(list.flatMap((l) => l.hours.map((h) => ({ locationId: l.row.id, ...h }))));
  const holidays = list.flatMap((l) => (l.holidays ?? []).map((h) => ({ locationId: l.row.id, ...h })));
  if (holidays.length > 0) await db.insert(locationHolidays).values(holidays);
  await db
    .insert(locationPickupMethods)
    .values(
      list.flatMap(
        (l) =>
          l.pickup ?? [
            { locationId: l.row.id, pickupOption: PICKUP_TYPE.WalkIn, notes: 'Pick up at the counter.' },
          ],
      ),
    );
  await db.insert(locationBrands).values(
    list.flatMap((l) =>
      (l.brandIds ?? [l.row.brandId]).map((brandId, i) => ({
        locationId: l.row.id,
        brandId,
        displayOrder: i,
        defaultFilter: false,
      })),
    ),
  );
  await db.insert(uiTemplates).values([
    {
      ...templateBase,
      brandId: DEMO_BRANDS.capitalKitchen,
      brandName: 'Capital Kitchen',
      companyName: 'Capital Kitchen',
      searchTitle: "Let's start the journey!",
      searchSecondaryTitle: 'Fresh food from Capital Kitchen, ready when you are.',
      searchFulfillmentMethods: [FULFILLMENT_METHOD.Pickup, FULFILLMENT_METHOD.Delivery],
    },
    {
      ...templateBase,
      brandId: DEMO_BRANDS.potomacNoodleBar,
      brandName: 'Potomac Noodle Bar',
      companyName: 'Capital Kitchen',
      textPrimaryColor: '#1D4E89',
      headerBackgroundColor: '#1D4E89',
      buttonPrimaryColor: '#1D4E89',
    },
    {
      ...templateBase,
      brandId: DEMO_BRANDS.chesapeakeTacos,
      brandName: 'Chesapeake Tacos',
      companyName: 'Capital Kitchen',
      textPrimaryColor: '#B5651D',
      headerBackgroundColor: '#B5651D',
      buttonPrimaryColor: '#B5651D',
    },
    {
      ...templateBase,
      brandId: DEMO_BRANDS.capitalKitchen,
      locationId: DEMO_LOCATIONS.foodHall,
      brandName: 'Union Market Food Hall',
      companyName: 'Capital Kitchen',
      textPrimaryColor: '#0B5563',
      headerBackgroundColor: '#0B5563',
      buttonPrimaryColor: '#0B5563',
      brandFilterTemplateName: 'logo',
      searchTitle: 'Three kitchens, one order',
    },
  ]);
  await db.insert(locationDeliveryZones).values([
    // Zones carry their own delivery fee and minimum order (shown before checkout, checked at PreCheckout).
    { locationId: DEMO_LOCATIONS.open, kind: 'radius', radiusMiles: 3, feeCents: 399, minOrderCents: 1500 },
    { locationId: DEMO_LOCATIONS.closed, kind: 'radius', radiusMiles: 4, feeCents: 499, minOrderCents: 2000 },
    // Union Market delivers across Capitol Hill and NoMa (a hand-drawn polygon east of North Capitol St).
    {
      locationId: DEMO_LOCATIONS.foodHall,
      kind: 'polygon',
      feeCents: 299,
      minOrderCents: 2500,
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [-77.0095, 38.9235],
            [-76.9745, 38.9235],
            [-76.9745, 38.8785],
            [-77.0095, 38.8785],
            [-77.0095, 38.9235],
          ],
        ],
      },
    },
  ]);
  // A tight kitchen: full slots are not offered, ASAP rolls on to the next slot with room.
  await db.insert(locationSlotCapacities).values([
    {
      locationId: DEMO_LOCATIONS.frederick,
      fulfillmentMethod: FULFILLMENT_METHOD.Pickup,
      maxOrders: 2,
      maxItems: 10,
    },
  ]);
  await db.insert(featureFlags).values([
    { name: FEATURE_FLAG.newOrderTracking, enabled: true },
    { name: 'enable catering', enabled: true },
    { name: 'enable promo popup', enabled: true },
    // On in the demo: signed-in customers see 'Order it again' on the store page (lastOrderedItemsSettings).
    { name: FEATURE_FLAG.lastOrderedItems, enabled: true },
    // Off in the demo: item cards open the item page. On, they open the compact item modal.
    { name: FEATURE_FLAG.compactItemView, enabled: false },
    // On in the demo: signed-in customers can save a card at placement and pay with it later.
    { name: FEATURE_FLAG.savedPayments, enabled: true },
  ]);
  // Explicit ids were inserted: move the sequences past them.
  await db.execute(sql`select setval(pg_get_serial_sequence('brands', 'id'), (select max(id) from brands))`);
  await db.execute(
    sql`select setval(pg_get_serial_sequence('locations', 'id'), (select max(id) from locations))`,
  );
}
