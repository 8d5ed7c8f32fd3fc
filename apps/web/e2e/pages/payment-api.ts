import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API_URL } from './kitchen-h5';

/**
 * API shortcuts for the payment error journeys (e2e/payment-errors.spec.ts): what a staff member or an earlier
 * order did before the journey starts, and what the API holds for the browser's order. The browser's own API
 * session is the storefront's access-token cookie (`sf_at`), read from the browser context.
 */

type Envelope<T> = { value: T; succeed: boolean };

async function call<T>(
  api: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  headers: Record<string, string>,
  data?: unknown,
): Promise<T> {
  const res = await api.fetch(`${API_URL}${path}`, {
    method,
    headers,
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as Envelope<T>;
  expect(res.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

/** The staff key of the e2e API (playwright.config.ts). */
const STAFF = { 'x-staff-key': 'e2e-staff-key' };

/** Pauses (false) or resumes (true) online ordering at a store, as the kitchen screen's switch does. */
export async function setStoreOnline(api: APIRequestContext, locationId: number, isOnline: boolean) {
  await call(api, 'PUT', `/v1/staff/locations/${locationId}/online`, STAFF, { isOnline });
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
  return call(api, 'GET', `/v1/sales/orders/${orderId}/payments`, { authorization: `Bearer ${token}` });
}

/** The payment captcha's answer (ALTCHA proof of work; the e2e API keeps maxnumber at 1,000). */
async function solvePaymentCaptcha(api: APIRequestContext): Promise<string> {
  const c = await call<{ algorithm: string; challenge: string; salt: string; signature: string }>(
    api,
    'GET',
    '/v1/captcha/challenge',
    {},
  );
  for (let number = 0; number <= 1_000; number += 1) {
    if (createHash('sha256').update(`${c.salt}${number}`).digest('hex') === c.challenge) {
      const { algorithm, challenge, salt, signature } = c;
      return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString(
        'base64',
      );
    }
  }
  throw new Error('the payment captcha has no solution below its maxnumber');
}

/**
 * An earlier order of the signed-in customer in this browser, placed through the API with the browser's session:
 * one Fresh Lemonade at a store, paid by the 4242 Visa with 'Save this card' (paymentIdToSave). The customer then
 * has that card saved for the store's processor.
 */
export async function placeOrderSavingCard(page: Page, locationId: number): Promise<void> {
  const api = page.request;
  const { token } = await browserSession(page);
  const auth = { authorization: `Bearer ${token}` };
  const menu = await call<{ snapshotId: number; menuId: number }>(
    api,
    'GET',
    `/v1/sales/menus?locationId=${locationId}`,
    { ...auth, prefer: 'return=compact' },
  );
  const created = await call<{ id: number }>(api, 'POST', '/v1/sales/orders', auth, {
    menuSnapshotId: menu.snapshotId,
    fulfillmentMethod: 1,
  });
  const base = `/v1/sales/orders/${created.id}`;
  const added = await call<{ order: { totals: { total: number } } }>(
    api,
    'POST',
    `${base}/bulk-items`,
    auth,
    {
      items: [{ itemPathKey: `${menu.menuId}-40-402`, quantity: 1 }],
    },
  );
  await call(api, 'PATCH', `${base}/contact-information`, auth, {
    firstName: 'Dana',
    lastName: 'Tester',
    phone: '(202) 555-0143',
    email: 'demo@storefront.test',
  });
  await call(api, 'PUT', `${base}/pickup-data`, auth, { pickupOption: 0 });
  const payment = await call<{ id: number; paymentUrl: string }>(api, 'POST', `${base}/payments`, auth, {
    paymentMethod: 5,
    baseAmount: added.order.totals.total,
    tipAmount: 0,
    recaptchaInput: await solvePaymentCaptcha(api),
    billingAddress: { postalCode: '20036' },
  });
  const card = await call<{ one_time_token: string }>(
    api,
    'POST',
    `${new URL(payment.paymentUrl).pathname}/tokens`,
    {},
    { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123' },
  );
  await call(
    api,
    'POST',
    `${base}/close-requests`,
    { ...auth, 'idempotency-key': `saved-card-${created.id}-${Date.now()}` },
    { paymentToken: card.one_time_token, paymentIdToSave: payment.id },
  );
}
