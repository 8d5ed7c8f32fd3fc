import 'server-only';
import { cache } from 'react';
import { FULFILLMENT_METHOD, PICKUP_TYPE } from '@storefront/contracts/enums';
import { StoreSchema, type Store } from '@storefront/contracts/locations';
import { OrderSchema, type Order } from '@storefront/contracts/orders';
import { PICKUP_OPTION_LABEL } from '@storefront/contracts/pickup';
import { UiTemplateSchema } from '@storefront/contracts/templates';
import { apiRequest } from '@/lib/api';
import { DATE_FORMAT, formatInZone } from '@/lib/dates';
import { orderMenuHref } from '@/lib/order-cookie';
import { themeFromTemplate, type ThemeInput } from '@/lib/theme';
import { getPlacedOrder } from './placed-order-cookie';

const FALLBACK_COMPANY = 'Online Ordering';

export interface ConfirmationPageData {
  companyName: string;
  theme: ThemeInput | null;
  storeHref: string;
  referenceNumber: string | null;
  /** When the kitchen expects it ready, on the store's clock ('Sat 11/28 6:45 PM'); null when not known. */
  readyLabel: string | null;
  store: Pick<Store, 'name' | 'address' | 'contactInformation' | 'status'>;
  /** 'Pickup (Curbside)', 'Delivery', 'Dine In'. */
  methodLabel: string;
  items: Order['items'];
  totals: Order['totals'];
  /** A delivery order's fee and driver tip (in totals.serviceCharge; shown on their own rows). */
  deliveryFee: number;
  driverTip: number;
}

export type ConfirmationPage = { kind: 'redirect'; to: string } | { kind: 'ok'; data: ConfirmationPageData };

function methodLabelOf(order: Order): string {
  const method = order.context.fulfillmentMethod;
  if (method === FULFILLMENT_METHOD.Delivery) return 'Delivery';
  if (method === FULFILLMENT_METHOD.DineIn) return 'Dine In';
  const option = order.fulfillmentInformation?.pickupOption ?? PICKUP_TYPE.WalkIn;
  return `Pickup (${PICKUP_OPTION_LABEL[option]})`;
}

/**
 * What /confirmation shows: the order this browser placed last (remembered by /payment/complete), its store
 * with its status, the method, the lines and the totals. Nothing placed here -> /; an order that is not placed
 * -> its store page. An unreachable API throws to the error boundary.
 */
export const getConfirmationPage = cache(async (): Promise<ConfirmationPage> => {
  const placed = await getPlacedOrder();
  if (!placed) return { kind: 'redirect', to: '/' };
  const storeHref = orderMenuHref(placed);
  const [order, store, template] = await Promise.all([
    apiRequest(OrderSchema, `sales/orders/${placed.orderId}`),
    apiRequest(StoreSchema, `locations/${placed.locationId}`, {
      query: { fulfillmentMethod: FULFILLMENT_METHOD.Pickup, includeLocationStatus: true },
    }),
    apiRequest(UiTemplateSchema, 'technology/ui-templates', {
      query: { locationId: placed.locationId },
      revalidate: 60,
    }),
  ]);
  if (!order.ok || !store.ok) {
    if ((!order.ok && order.status < 500) || (!store.ok && store.status < 500)) {
      return { kind: 'redirect', to: '/' };
    }
    throw new Error(`Could not load the confirmation of order ${placed.orderId}`);
  }
  if (!order.value.isPlaced) return { kind: 'redirect', to: storeHref };
  return {
    kind: 'ok',
    data: {
      companyName: template.ok ? template.value.companyName : FALLBACK_COMPANY,
      theme: template.ok ? themeFromTemplate(template.value) : null,
      storeHref,
      referenceNumber: order.value.referenceNumber ?? null,
      readyLabel: order.value.expectedPreparationReadyDateTime
        ? formatInZone(
            order.value.expectedPreparationReadyDateTime,
            store.value.timeZone,
            DATE_FORMAT.dayTime,
          )
        : null,
      store: {
        name: store.value.name,
        address: store.value.address,
        contactInformation: store.value.contactInformation,
        status: store.value.status,
      },
      methodLabel: methodLabelOf(order.value),
      items: order.value.items,
      totals: order.value.totals,
      deliveryFee: order.value.fulfillmentInformation?.delivery?.feeAmount ?? 0,
      driverTip: order.value.fulfillmentInformation?.delivery?.tipAmount ?? 0,
    },
  };
});
