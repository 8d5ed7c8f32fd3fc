import type { APIRequestContext, Page } from '@playwright/test';
import { call, placeGuestOrder } from './kitchen-h5';

/**
 * API shortcuts for the payment error journeys (e2e/payment-errors.spec.ts): what a staff member or an earlier
 * order did before the journey starts, and what the API holds for the browser's order. The browser's own API
 * session is the storefront's access-token cookie (`sf_at`), read from the browser context.
 */

/** The staff key of the e2e API (playwright.config.ts). */
const STAFF = { 'x-staff-key': 'e2e-staff-key' };

/** Pauses (false) or resumes (true) online ordering at a store, as the kitchen screen's switch does. */
export async function setStoreOnline(api: APIRequestContext, locationId: number, isOnline: boolean) {
  await call(api, 'PUT', `/v1/staff/locations/${locationId}/online`, null, { isOnline }, STAFF);
}

/** The browser's API token and current order (the storefront's `sf_at` and `sf_order` cookies). */
export async function browserSession(page: Page): Promise<{ token: string; orderId: number | null }> {
  const cookies = await page.context().cookies();
  const token = cookies.find((c) => c.name === 'sf_at')?.value;
  if (!token) throw new Error('the browser has no API session cookie');
  const order = cookies.find((c) => c.name === 'sf_order')?.value;
  const orderId = order ? (JSON.parse(decodeURIComponent(order)) as { orderId: number }).orderId : null;
  return { token, orderId };
}

/** The payments the API holds for an order (method 5 is a credit card), read with the browser's session. */
export async function orderPayments(
  api: APIRequestContext,
  token: string,
  orderId: number,
): Promise<{ id: number; paymentMethod: number; status: string }[]> {
  return call(api, 'GET', `/v1/sales/orders/${orderId}/payments`, token);
}

/**
 * An earlier order of the signed-in customer in this browser, placed through the API with the browser's session:
 * one Fresh Lemonade at a store, paid by the 4242 Visa with 'Save this card' (paymentIdToSave). The customer then
 * has that card saved for the store's processor.
 */
export async function placeOrderSavingCard(page: Page, locationId: number): Promise<void> {
  const { token } = await browserSession(page);
  await placeGuestOrder(page.request, {
    locationId,
    firstName: 'Dana',
    quantity: 1,
    email: 'demo@storefront.test',
    session: token,
    saveCard: true,
  });
}
