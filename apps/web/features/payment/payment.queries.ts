import 'server-only';
import { cache } from 'react';
import { FULFILLMENT_METHOD, PICKUP_TYPE } from '@storefront/contracts/enums';
import type { PickupMethod } from '@storefront/contracts/locations';
import { OrderSchema, type Order } from '@storefront/contracts/orders';
import { sortPickupOptions, type PickupChoice } from '@storefront/contracts/pickup';
import { getPickupMethods } from '@/features/order-settings/order-settings.queries';
import { UiTemplateSchema } from '@storefront/contracts/templates';
import { apiRequest } from '@/lib/api';
import { env } from '@/lib/env';
import { getOrderRef, orderMenuHref } from '@/lib/order-cookie';
import { themeFromTemplate, type ThemeInput } from '@/lib/theme';
import { getTipCents } from '@/lib/tip-cookie';

const FALLBACK_COMPANY = 'Online Ordering';

export interface PaymentPageData {
  companyName: string;
  theme: ThemeInput | null;
  orderId: number;
  locationId: number;
  storeHref: string;
  itemCount: number;
  totals: Order['totals'];
  /** Delivery orders: fee and driver tip (dollars), shown on their own rows. */
  delivery: { feeAmount: number; tipAmount: number | null } | null;
  tipCents: number;
  /**
   * The pickup option selector (Walk-in, Drive Thru, Curbside): the store's options and the order's current
   * choice; null for delivery and table orders, or when the store offers walk-in only.
   */
  pickup: { methods: PickupMethod[]; current: PickupChoice } | null;
  /** The API origin serving the hosted payment frame (the only origin whose messages are accepted). */
  paymentOrigin: string;
}

export type PaymentPage = { kind: 'redirect'; to: string } | { kind: 'ok'; data: PaymentPageData };

/**
 * What /payment shows. Without a current order the user goes to /; an empty or already placed order goes
 * back to the store page. An unreachable API throws to the error boundary.
 */
export const getPaymentPage = cache(async (): Promise<PaymentPage> => {
  const ref = await getOrderRef();
  if (!ref) return { kind: 'redirect', to: '/' };
  const storeHref = orderMenuHref(ref);
  const [order, template] = await Promise.all([
    apiRequest(OrderSchema, `sales/orders/${ref.orderId}`),
    apiRequest(UiTemplateSchema, 'technology/ui-templates', {
      query: { locationId: ref.locationId },
      revalidate: 60,
    }),
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
      totals: order.value.totals,
      delivery: order.value.fulfillmentInformation?.delivery ?? null,
      tipCents: await getTipCents(order.value.id),
      pickup,
      paymentOrigin: new URL(env.API_PUBLIC_URL).origin,
    },
  };
});

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
    },
  };
}

/** The company name for the page title ('Make your payment | {company}'). */
export async function getPaymentTitle(): Promise<string> {
  const page = await getPaymentPage();
  return `Make your payment | ${page.kind === 'ok' ? page.data.companyName : FALLBACK_COMPANY}`;
}
