import 'server-only';
import { cache } from 'react';
import { z } from 'zod';
import { FULFILLMENT_METHOD, PAYMENT_METHOD, PICKUP_TYPE } from '@storefront/contracts/enums';
import { StoreSchema, type PickupMethod, type Store } from '@storefront/contracts/locations';
import {
  AsapEstimateSchema,
  DEFAULT_ASAP_MINUTES,
  ESTIMATE_ITEMS_MAX,
  isSchedulingRequired,
  type OrderTime,
} from '@storefront/contracts/order-settings';
import { OrderSchema, type Order } from '@storefront/contracts/orders';
import { PaymentMethodInfoSchema, type PaymentMethodInfo } from '@storefront/contracts/payments';
import type { SavedPayment } from '@storefront/contracts/saved-payments';
import type { ScheduleContext } from '@/lib/schedule-context';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import { sortPickupOptions, type PickupChoice } from '@storefront/contracts/pickup';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import { getPickupMethods } from '@/features/order-settings/order-settings.queries';
import { UiTemplateSchema } from '@storefront/contracts/templates';
import { apiRequest } from '@/lib/api';
import { methodsForDevice } from '@/lib/device-wallet';
import { headers } from 'next/headers';
import { DATE_FORMAT, formatInZone } from '@/lib/dates';
import { env } from '@/lib/env';
import { cachedEstimate } from '@/lib/estimate-cache';
import { getEnabledFeatureFlags } from '@/lib/feature-flags';
import { canUseSavedCards, listSavedCards } from './saved-card.queries';
import { getOrderRef, orderMenuHref } from '@/lib/order-cookie';
import { themeFromTemplate, type ThemeInput } from '@/lib/theme';
import { getTipCents } from '@/lib/tip-cookie';

const FALLBACK_COMPANY = 'Online Ordering';

/** Where and when the guest gets the order, as the payment page states it beside the card. */
export interface PaymentHandover {
  /** 'Pickup at Downtown', 'Delivery from Downtown', 'Dine in at Downtown'. */
  heading: string;
  /** The store's address, or the delivery address. */
  place: string;
  /** 'Ready:' or 'Arrives:' */
  timeLabel: string;
  /** The scheduled time on the store's clock, or null for ASAP. */
  scheduledLabel: string | null;
  asapMinutes: number;
  /**
   * What the schedule modal ('Pickup Time' / 'Delivery Time') edits: the order's method and time at its store.
   * Null for a table order (it is served at the table now).
   */
  schedule: ScheduleContext | null;
}

export interface PaymentPageData {
  companyName: string;
  theme: ThemeInput | null;
  orderId: number;
  locationId: number;
  storeHref: string;
  itemCount: number;
  /** The order's lines for 'My Order (N items)'. */
  items: Order['items'];
  totals: Order['totals'];
  /** The store's payment methods (GET payment-methods); empty when the API cannot say (the card is tried). */
  methods: PaymentMethodInfo[];
  /** Signed in and the saved payments flag on. */
  savedPaymentsEnabled: boolean;
  /** The customer's saved cards for the store's card processor (none for a guest). */
  savedCards: SavedPayment[];
  /** The new order tracking flag: 'Payment approved!' shows for 3 s. */
  newOrderTracking: boolean;
  /** The order already asks for SMS updates. */
  smsDefault: boolean;
  handover: PaymentHandover | null;
  /** Delivery orders: fee and driver tip (dollars), shown on their own rows. */
  delivery: { feeAmount: number; tipAmount: number | null } | null;
  tipCents: number;
  /**
   * The pickup option selector (Walk-in, Drive Thru, Curbside): the store's options and the order's current
   * choice; null for delivery and table orders, or when the store offers walk-in only.
   */
  pickup: { methods: PickupMethod[]; current: PickupChoice } | null;
  /** The processor's origin serving the hosted payment frame and the wallet sheet (the only origin whose messages are accepted). */
  paymentOrigin: string;
}

export type PaymentPage = { kind: 'redirect'; to: string } | { kind: 'ok'; data: PaymentPageData };

/**
 * What /payment shows. Without a current order the user goes to /; an empty or already placed order goes
 * back to the store page. An unreachable API throws to the error boundary.
 */
export const getPaymentPage = cache(async (): Promise<PaymentPage> => {
  const ref = await getOrderRef();
  // No current order (also back to a payment page after placing): / (checkout spec section 4).
  if (!ref) return { kind: 'redirect', to: '/' };
  const storeHref = orderMenuHref(ref);
  const [order, template, methods, store, flags, savedPaymentsEnabled] = await Promise.all([
    apiRequest(OrderSchema, `sales/orders/${ref.orderId}`),
    apiRequest(UiTemplateSchema, 'technology/ui-templates', {
      query: { locationId: ref.locationId },
      revalidate: 60,
    }),
    apiRequest(z.array(PaymentMethodInfoSchema), `sales/orders/${ref.orderId}/payment-methods`),
    apiRequest(StoreSchema, `locations/${ref.locationId}`, {
      query: { fulfillmentMethod: FULFILLMENT_METHOD.Pickup },
    }),
    getEnabledFeatureFlags(),
    canUseSavedCards(),
  ]);
  if (!order.ok) {
    if (order.status < 500) return { kind: 'redirect', to: '/' };
    throw new Error(`Could not load order ${ref.orderId} (${order.status})`);
  }
  if (order.value.isPlaced || order.value.items.length === 0) return { kind: 'redirect', to: storeHref };
  const pickup =
    order.value.context.fulfillmentMethod === FULFILLMENT_METHOD.Pickup
      ? pickupSelector(order.value, await getPickupMethods(ref.locationId))
      : null;
  return {
    kind: 'ok',
    data: {
      companyName: template.ok ? template.value.companyName : FALLBACK_COMPANY,
      theme: template.ok ? themeFromTemplate(template.value) : null,
      orderId: order.value.id,
      locationId: ref.locationId,
      storeHref,
      itemCount: order.value.items.reduce((n, item) => n + item.quantity, 0),
      items: order.value.items,
      totals: order.value.totals,
      methods: methodsForDevice(methods.ok ? methods.value : [], (await headers()).get('user-agent')),
      savedPaymentsEnabled,
      savedCards: savedPaymentsEnabled
        ? await listSavedCards(
            (methods.ok ? methods.value : []).find((m) => m.paymentMethod === PAYMENT_METHOD.CreditCard)
              ?.paymentProcessorCode,
          )
        : [],
      newOrderTracking: flags.includes(FEATURE_FLAG.newOrderTracking),
      // The order does not say which notifications it asks for until it is placed: the toggle starts off.
      smsDefault: false,
      handover: store.ok ? await handoverOf(order.value, store.value, ref.menuType === 'catering') : null,
      delivery: order.value.fulfillmentInformation?.delivery ?? null,
      tipCents: await getTipCents(order.value.id),
      pickup,
      paymentOrigin: new URL(env.PROCESSOR_PUBLIC_URL).origin,
    },
  };
});

/**
 * Where and when: the store (or the delivery address) and the ready / arrival time, from the order's schedule
 * or the API's ASAP estimate for this order's item count (the store's average, then 5 mins, when it cannot say),
 * and what the schedule modal needs to change that time.
 */
async function handoverOf(order: Order, store: Store, catering: boolean): Promise<PaymentHandover> {
  const method = order.context.fulfillmentMethod;
  const delivery = order.fulfillmentInformation?.delivery;
  const isDelivery = method === FULFILLMENT_METHOD.Delivery;
  const address = store.address;
  const place =
    isDelivery && delivery
      ? [delivery.line1, delivery.line2, delivery.city, `${delivery.stateCode} ${delivery.zipCode}`]
          .filter((part) => part.trim() !== '')
          .join(', ')
      : `${address.address1}, ${address.city}, ${address.stateCode} ${address.postalCode}`;
  const heading = isDelivery
    ? `Delivery from ${store.name}`
    : method === FULFILLMENT_METHOD.DineIn
      ? `Dine in at ${store.name}`
      : `Pickup at ${store.name}`;
  const items = Math.min(
    ESTIMATE_ITEMS_MAX,
    Math.max(
      1,
      order.items.reduce((sum, line) => sum + line.quantity, 0),
    ),
  );
  const estimate = await cachedEstimate(
    { locationId: store.id, isCatering: catering, method, extra: items === 1 ? undefined : `items:${items}` },
    () =>
      apiRequest(AsapEstimateSchema, `locations/${store.id}/asap-estimate`, {
        query: { fulfillmentMethod: method, catering, items },
      }),
    (answer) => answer.ok,
  );
  const average = isDelivery ? store.averageDeliveryEtaInMinutes : store.averagePickupEtaInMinutes;
  const asapMinutes = (estimate.ok ? estimate.value.minutes : null) ?? (average || DEFAULT_ASAP_MINUTES);
  // The order keeps its time as a UTC instant; the modal's options carry the store's offset ('...-05:00').
  const time: OrderTime = order.scheduledTime
    ? { kind: 'SCHEDULED', at: formatZonedIso(Date.parse(order.scheduledTime), store.timeZone) }
    : { kind: 'ASAP' };
  const schedulable = isDelivery || method === FULFILLMENT_METHOD.Pickup;
  return {
    heading,
    place,
    timeLabel: isDelivery ? 'Arrives:' : 'Ready:',
    scheduledLabel: order.scheduledTime
      ? formatInZone(order.scheduledTime, store.timeZone, DATE_FORMAT.dayTime)
      : null,
    asapMinutes,
    schedule: schedulable
      ? {
          locationId: store.id,
          catering,
          fulfillmentMethod: method,
          timeZone: store.timeZone,
          schedulingRequired: isSchedulingRequired({
            catering,
            locationStatus: store.status?.locationStatus,
            acceptOrdersWhenClosed: store.acceptOrdersWhenClosed ?? false,
          }),
          asapMinutes,
          time,
        }
      : null,
  };
}

/** Walk-in is always offered (it needs nothing); the selector only shows when there is something to choose. */
function pickupSelector(order: Order, storeMethods: PickupMethod[]): PaymentPageData['pickup'] {
  const walkIn: PickupMethod = {
    pickupOption: PICKUP_TYPE.WalkIn,
    notes: null,
    carDetailsRequired: false,
    parkingSpaceRequired: false,
    parkingSpaceRange: null,
  };
  const methods = sortPickupOptions(
    storeMethods.some((m) => m.pickupOption === PICKUP_TYPE.WalkIn)
      ? storeMethods
      : [walkIn, ...storeMethods],
  );
  if (methods.length < 2) return null;
  const info = order.fulfillmentInformation;
  return {
    methods,
    current: {
      pickupOption: info?.pickupOption ?? PICKUP_TYPE.WalkIn,
      carType: info?.carType ?? null,
      carColor: info?.carColor ?? null,
      fulfillmentPlace: info?.fulfillmentPlace ?? null,
      additionalFields: info?.additionalFields ?? [],
    },
  };
}

/** The company name for the page title ('Make your payment | {company}'). */
export async function getPaymentTitle(): Promise<string> {
  const page = await getPaymentPage();
  return `Make your payment | ${page.kind === 'ok' ? page.data.companyName : FALLBACK_COMPANY}`;
}
