/**
 * The spec's enumerations as plain values (no zod: the storefront's browser code imports them from here and
 * stays free of the schema library). `enums.ts` re-exports them beside their zod schemas. Numbers the spec does
 * not give are ours and marked so.
 */

/** Order channel = the client app type of a token (spec: web=107, catering=106, inStore=105). */
export const ORDER_CHANNEL = { inStore: 105, catering: 106, web: 107 } as const;
export type OrderChannel = (typeof ORDER_CHANNEL)[keyof typeof ORDER_CHANNEL];

export const FULFILLMENT_METHOD = { Delivery: 0, Pickup: 1, DineIn: 2 } as const;
export type FulfillmentMethod = (typeof FULFILLMENT_METHOD)[keyof typeof FULFILLMENT_METHOD];
export const FULFILLMENT_METHOD_LABEL: Record<FulfillmentMethod, string> = {
  0: 'Delivery',
  1: 'Pickup',
  2: 'Dine In',
};
/** Query strings carry the method as a number; coerce and check. */

export const PICKUP_TYPE = { WalkIn: 0, Curbside: 1, DriveThru: 2 } as const;
export type PickupType = (typeof PICKUP_TYPE)[keyof typeof PICKUP_TYPE];

export const NOTIFICATION_TYPE = { Email: 1, SMS: 2, Url: 3, NoNotification: 4 } as const;
export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

export const LOGIN_CONFIGURATION = { None: 0, QuCrm: 1, Loyalty: 2 } as const;
export type LoginConfiguration = (typeof LOGIN_CONFIGURATION)[keyof typeof LOGIN_CONFIGURATION];

export const LOYALTY_PROVIDER = {
  None: 0,
  Punchh: 1,
  SpendGo: 2,
  Incentivio: 3,
  LevelUp: 4,
  OpenProviderLoyalty: 5,
  Paytronix: 6,
} as const;
export type LoyaltyProvider = (typeof LOYALTY_PROVIDER)[keyof typeof LOYALTY_PROVIDER];

export const MENU_LAYOUT = { Standard: 1, ImageGrid: 2, Condensed: 3 } as const;
export type MenuLayout = (typeof MENU_LAYOUT)[keyof typeof MENU_LAYOUT];

export const PRICE_DISPLAY = ['ShowBasePrice', 'HideBasePrice', 'RollupChildItemPricing'] as const;
export type PriceDisplay = (typeof PRICE_DISPLAY)[number];

/**
 * Item types 1 to 26. The spec names MenuItem, Modifier, Group, Category, ComboItem, Discount, Tax and
 * ServiceCharge among them without numbering; the numbering below is ours.
 */
export const ITEM_TYPE = {
  MenuItem: 1,
  Modifier: 2,
  Group: 3,
  Category: 4,
  ComboItem: 5,
  Discount: 6,
  Tax: 7,
  ServiceCharge: 8,
  Tip: 9,
  GiftCard: 10,
  Fee: 11,
  DeliveryFee: 12,
  Substitution: 13,
  Side: 14,
  Beverage: 15,
  Dessert: 16,
  Sauce: 17,
  Topping: 18,
  Size: 19,
  Preparation: 20,
  Instruction: 21,
  Package: 22,
  Retail: 23,
  Voucher: 24,
  Reward: 25,
  Other: 26,
} as const;
export type ItemType = (typeof ITEM_TYPE)[keyof typeof ITEM_TYPE];

export const PRICING_TYPE = ['BasePrice', 'Weighed', 'OpenPrice', 'Portions'] as const;
export type PricingType = (typeof PRICING_TYPE)[number];

export const ADDRESS_REQUIREMENT = ['None', 'ZipCodeOnly', 'AddressAndZipCode'] as const;
export type AddressRequirement = (typeof ADDRESS_REQUIREMENT)[number];

export const STORE_STATUS = ['Open', 'Closes Soon', 'Closed'] as const;
export type StoreStatus = (typeof STORE_STATUS)[number];

/** Vehicle colours run from Red through Other=100 (the intermediate numbering is ours). */
export const VEHICLE_COLOR = {
  Red: 0,
  Blue: 1,
  White: 2,
  Black: 3,
  Silver: 4,
  Gray: 5,
  Green: 6,
  Yellow: 7,
  Orange: 8,
  Brown: 9,
  Gold: 10,
  Purple: 11,
  Other: 100,
} as const;
export type VehicleColor = (typeof VEHICLE_COLOR)[keyof typeof VEHICLE_COLOR];

/** Vehicle types Bus, Coupe, Sedan, Truck, Van, Wagon, Suv, Hatchback, Other=100. */
export const VEHICLE_TYPE = {
  Bus: 0,
  Coupe: 1,
  Sedan: 2,
  Truck: 3,
  Van: 4,
  Wagon: 5,
  Suv: 6,
  Hatchback: 7,
  Other: 100,
} as const;
export type VehicleType = (typeof VEHICLE_TYPE)[keyof typeof VEHICLE_TYPE];

export const DELIVERY_PROVIDER = { None: 0, DoordashDrive: 1 } as const;
export type DeliveryProvider = (typeof DELIVERY_PROVIDER)[keyof typeof DELIVERY_PROVIDER];

export const DINE_IN_KIND = ['table', 'curbside'] as const;
export type DineInKind = (typeof DINE_IN_KIND)[number];

export const ORDER_ACTION = ['CloseOrder', 'SuspendOrder', 'PreCheckout'] as const;
export type OrderAction = (typeof ORDER_ACTION)[number];

export const DISCOUNT_TIMING = ['AddItem', 'Checkout', 'Both'] as const;
export type DiscountTiming = (typeof DISCOUNT_TIMING)[number];
/** Cross-sell triggers use the same three values. */

export const TRANSITION_POSITION = ['before', 'after'] as const;

export const PAYMENT_METHOD = { OfflineCredit: 2, CreditCard: 5, GiftCard: 6, VirtualWallet: 15 } as const;
export type PaymentMethod = (typeof PAYMENT_METHOD)[keyof typeof PAYMENT_METHOD];

export const PAYMENT_PROCESSOR = ['AURUS_HOSTED', 'EXPRESS', 'AURUS_APPLE_PAY_HOSTED'] as const;
export type PaymentProcessor = (typeof PAYMENT_PROCESSOR)[number];

/**
 * Order status (tracking timeline stages 1 to 4). Status 1 (received) is shown as stage 2; 4 is terminal.
 * Names are ours; the spec gives only the numbers.
 */
export const ORDER_STATUS = { Received: 1, Preparing: 2, Ready: 3, Completed: 4 } as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];
export const ORDER_STATUS_TERMINAL = 4;
