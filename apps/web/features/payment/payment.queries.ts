import 'server-only';
import { cache } from 'react';
import { OrderSchema, type Order } from '@storefront/contracts/orders';
import { UiTemplateSchema } from '@storefront/contracts/templates';
import { apiRequest } from '@/lib/api';
import { env } from '@/lib/env';
import { getOrderRef } from '@/lib/order-cookie';
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
  const storeHref = `/${ref.locationId}/menu`;
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
      paymentOrigin: new URL(env.API_PUBLIC_URL).origin,
    },
  };
});

/** The company name for the page title ('Make your payment | {company}'). */
export async function getPaymentTitle(): Promise<string> {
  const page = await getPaymentPage();
  return `Make your payment | ${page.kind === 'ok' ? page.data.companyName : FALLBACK_COMPANY}`;
}
