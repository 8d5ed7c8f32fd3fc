import 'server-only';
import { cache } from 'react';
import { OrderSchema, type Order } from '@storefront/contracts/orders';
import { OrderSettingsSchema, StoreSchema, type Store } from '@storefront/contracts/locations';
import { UiTemplateSchema } from '@storefront/contracts/templates';
import { FULFILLMENT_METHOD, PICKUP_TYPE, type FulfillmentMethod } from '@storefront/contracts/enums';
import {
  AsapEstimateSchema,
  DEFAULT_ASAP_MINUTES,
  ESTIMATE_ITEMS_MAX,
} from '@storefront/contracts/order-settings';
import { isContactHidden } from '@storefront/contracts/pickup';
import { parseOrderNotes } from '@storefront/contracts/text';
import { AccountDetailsSchema } from '@storefront/contracts/accounts';
import { PaymentMethodInfoSchema } from '@storefront/contracts/payments';
import { headers } from 'next/headers';
import { z } from 'zod';
import { methodsForDevice } from '@/lib/device-wallet';
import { apiRequest, currentAccessToken } from '@/lib/api';
import { DATE_FORMAT, formatInZone } from '@/lib/dates';
import { cachedEstimate } from '@/lib/estimate-cache';
import { getOrderRef, orderMenuHref } from '@/lib/order-cookie';
import { getStoredOrderSettings } from '@/lib/order-settings-cookie';
import { themeFromTemplate, type ThemeInput } from '@/lib/theme';
import { getTipCents } from '@/lib/tip-cookie';
import { tokenUserId } from '@/lib/token';
import { paymentMethodInfo, type PaymentMethodInfoSummary } from './payment-step';

const FALLBACK_COMPANY = 'Online Ordering';

export interface CheckoutPageData {
  companyName: string;
  theme: ThemeInput | null;
  storeHref: string;
  store: Pick<Store, 'id' | 'name' | 'address' | 'contactInformation'>;
  asapMinutes: number;
  /** The scheduled ready time on the store's wall clock ('Tue 11/24 12:30 PM'), null for ASAP. */
  scheduledLabel: string | null;
  order: Pick<Order, 'id' | 'items' | 'totals' | 'notes' | 'discounts'>;
  contact: { firstName: string; lastName: string; phone: string; email: string };
  allowNotes: boolean;
  hideTipping: boolean;
  /** The tip chosen earlier in this session (cents). */
  tipCents: number;
  /** The store hides the contact section for this table or curbside order. */
  hideContact: boolean;
  /** Delivery orders: the address, fee, minimum and driver tip (dollars; tip null until set). */
  delivery: {
    address: string;
    feeAmount: number;
    tipAmount: number | null;
  } | null;
  /** 'Table 12', 'Curbside, space 5', 'Drive Thru' (null for a plain walk-in pickup). */
  placeLabel: string | null;
  isDineIn: boolean;
  /** The payment-method information section's methods (null when the API could not say). */
  paymentMethods: PaymentMethodInfoSummary | null;
}

function deliveryOf(order: Order): CheckoutPageData['delivery'] {
  const delivery = order.fulfillmentInformation?.delivery;
  if (order.context.fulfillmentMethod !== FULFILLMENT_METHOD.Delivery || !delivery) return null;
  return {
    address: [
      delivery.line1,
      delivery.line2,
      delivery.city,
      [delivery.stateCode, delivery.zipCode].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(', '),
    feeAmount: delivery.feeAmount,
    tipAmount: delivery.tipAmount,
  };
}

/** How the order is handed over beyond 'pickup at the store', from the guest's Order Settings. */
async function placeOf(
  order: Order,
  settings: {
    hideContactInformationSettings: { hideForTablesideOrders: boolean; hideForCurbsideOrders: boolean };
  } | null,
) {
  const stored = await getStoredOrderSettings();
  const own = stored?.locationId === order.context.locationId ? stored : null;
  const isDineIn = order.context.fulfillmentMethod === FULFILLMENT_METHOD.DineIn;
  const pickupOption = own?.pickupOption ?? null;
  const hideContact = settings
    ? isContactHidden(
        { fulfillmentMethod: order.context.fulfillmentMethod, pickupOption },
        settings.hideContactInformationSettings,
      )
    : false;
  let placeLabel: string | null = null;
  if (isDineIn) placeLabel = own?.fulfillmentPlace ? `Table ${own.fulfillmentPlace}` : 'Dine In';
  else if (pickupOption === PICKUP_TYPE.Curbside)
    placeLabel = own?.fulfillmentPlace ? `Curbside, space ${own.fulfillmentPlace}` : 'Curbside';
  else if (pickupOption === PICKUP_TYPE.DriveThru) placeLabel = 'Drive Thru';
  return { hideContact, placeLabel, isDineIn };
}

/**
 * Minutes until an ASAP order arrives in the guest's hands (pickup: ready; delivery: arrival), from the API's one
 * estimate (GET locations/{id}/asap-estimate, the rule placing the order applies), for this order's item count.
 * It shares the store page's cache entry (store, menu, method, minute) when the order has one item. Falls back
 * to the store's average when the API cannot answer or has no time today (placement then says why).
 */
async function asapMinutesOf(order: Order, store: Store, catering: boolean): Promise<number> {
  const method: FulfillmentMethod = order.context.fulfillmentMethod;
  const items = Math.min(
    ESTIMATE_ITEMS_MAX,
    Math.max(
      1,
      order.items.reduce((sum, line) => sum + line.quantity, 0),
    ),
  );
  const result = await cachedEstimate(
    {
      locationId: store.id,
      isCatering: catering,
      method,
      extra: items === 1 ? undefined : `items:${items}`,
    },
    () =>
      apiRequest(AsapEstimateSchema, `locations/${store.id}/asap-estimate`, {
        query: { fulfillmentMethod: method, catering, items },
      }),
    (answer) => answer.ok,
  );
  const minutes = result.ok ? result.value.minutes : null;
  const average =
    method === FULFILLMENT_METHOD.Delivery
      ? store.averageDeliveryEtaInMinutes
      : store.averagePickupEtaInMinutes;
  return (minutes ?? average) || DEFAULT_ASAP_MINUTES;
}

export type CheckoutPage = { kind: 'redirect'; to: string } | { kind: 'ok'; data: CheckoutPageData };

/**
 * What /checkout shows. Guarded: no store known -> /search-locations; no order, an unknown, placed or empty
 * order -> the store page. An unreachable API throws to the error boundary.
 */
/**
 * A signed-in customer's own details as the contact of an order that has none yet (what they type at every
 * checkout otherwise); null for guests (no call) or when the details cannot be read.
 */
async function accountContact(): Promise<Order['contactInformation']> {
  if (!tokenUserId(await currentAccessToken())) return null;
  const account = await apiRequest(AccountDetailsSchema, 'guests/account-details');
  if (!account.ok) return null;
  const { firstName, lastName, phoneNumber, email } = account.value;
  return { firstName, lastName, phone: phoneNumber, email };
}

export const getCheckoutPage = cache(async (): Promise<CheckoutPage> => {
  const ref = await getOrderRef();
  if (!ref) return { kind: 'redirect', to: '/search-locations' };
  const storeHref = orderMenuHref(ref);
  const [order, store, settings, template, methods] = await Promise.all([
    apiRequest(OrderSchema, `sales/orders/${ref.orderId}`),
    apiRequest(StoreSchema, `locations/${ref.locationId}`, {
      query: { fulfillmentMethod: FULFILLMENT_METHOD.Pickup, includeLocationStatus: true },
    }),
    apiRequest(OrderSettingsSchema, `locations/${ref.locationId}/order-settings`, {
      query: { fulfillmentMethod: FULFILLMENT_METHOD.Pickup },
    }),
    apiRequest(UiTemplateSchema, 'technology/ui-templates', {
      query: { locationId: ref.locationId },
      revalidate: 60,
    }),
    apiRequest(z.array(PaymentMethodInfoSchema), `sales/orders/${ref.orderId}/payment-methods`),
  ]);
  if (!store.ok) {
    if (store.status < 500) return { kind: 'redirect', to: '/search-locations' };
    throw new Error(`Could not load location ${ref.locationId} (${store.status})`);
  }
  if (!order.ok) {
    if (order.status < 500) return { kind: 'redirect', to: storeHref };
    throw new Error(`Could not load order ${ref.orderId} (${order.status})`);
  }
  if (order.value.isPlaced || order.value.items.length === 0) return { kind: 'redirect', to: storeHref };
  const contact = order.value.contactInformation ?? (await accountContact());
  return {
    kind: 'ok',
    data: {
      companyName: template.ok ? template.value.companyName : FALLBACK_COMPANY,
      theme: template.ok ? themeFromTemplate(template.value) : null,
      storeHref,
      store: {
        id: store.value.id,
        name: store.value.name,
        address: store.value.address,
        contactInformation: store.value.contactInformation,
      },
      asapMinutes: order.value.scheduledTime
        ? DEFAULT_ASAP_MINUTES
        : await asapMinutesOf(order.value, store.value, ref.menuType === 'catering'),
      scheduledLabel: order.value.scheduledTime
        ? formatInZone(order.value.scheduledTime, store.value.timeZone, DATE_FORMAT.dayTime)
        : null,
      order: {
        id: order.value.id,
        items: order.value.items,
        totals: order.value.totals,
        discounts: order.value.discounts,
        // The utensils choice lives in the notes too; checkout edits only the guest's own notes.
        notes: parseOrderNotes(order.value.notes).guestNotes || null,
      },
      contact: {
        firstName: contact?.firstName ?? '',
        lastName: contact?.lastName ?? '',
        phone: contact?.phone ?? '',
        email: contact?.email ?? '',
      },
      allowNotes: settings.ok ? settings.value.allowCheckoutInstructions : false,
      // Checkout spec section 3: the payment tip is enabled for Pickup and DineIn only (delivery has its
      // driver tip instead).
      hideTipping:
        (settings.ok ? settings.value.hideTipping : false) ||
        (order.value.context.fulfillmentMethod !== FULFILLMENT_METHOD.Pickup &&
          order.value.context.fulfillmentMethod !== FULFILLMENT_METHOD.DineIn),
      tipCents: await getTipCents(order.value.id),
      ...(await placeOf(order.value, settings.ok ? settings.value : null)),
      delivery: deliveryOf(order.value),
      // As 'Confirm Order' will offer them: a wallet the device cannot use is left out.
      paymentMethods: methods.ok
        ? paymentMethodInfo(methodsForDevice(methods.value, (await headers()).get('user-agent')))
        : null,
    },
  };
});
