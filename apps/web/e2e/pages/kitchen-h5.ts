import { createHash } from 'node:crypto';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/** The API the e2e stack runs (playwright.config.ts): orders are placed through it, as any channel would. */
export const API_URL = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;

type Envelope<T> = { value: T; succeed: boolean };

/**
 * One API call with an optional bearer token; fails the test unless the API answers 2xx. `path` is on the e2e
 * API, or a whole URL (a journey's own API: e2e/loyalty-journey.spec.ts).
 */
export async function call<T>(
  api: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  token: string | null,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await api.fetch(/^https?:/.test(path) ? path : `${API_URL}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(data === undefined ? {} : { data }),
  });
  const body = (await res.json()) as Envelope<T>;
  expect(res.ok(), `${method} ${path}: ${JSON.stringify(body)}`).toBe(true);
  return body.value;
}

interface Challenge {
  algorithm: string;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber?: number;
}

/**
 * The payment captcha's answer, as the storefront's invisible check sends it: the ALTCHA proof of work (the number
 * whose SHA-256 with the salt is the challenge; the e2e API keeps maxnumber at 1,000).
 */
export async function solvePaymentCaptcha(api: APIRequestContext, apiUrl = API_URL): Promise<string> {
  const c = await call<Challenge>(api, 'GET', `${apiUrl}/v1/captcha/challenge`, null);
  for (let number = 0; number <= (c.maxnumber ?? 1_000_000); number += 1) {
    if (createHash('sha256').update(`${c.salt}${number}`).digest('hex') === c.challenge) {
      const payload = {
        algorithm: c.algorithm,
        challenge: c.challenge,
        number,
        salt: c.salt,
        signature: c.signature,
      };
      return Buffer.from(JSON.stringify(payload)).toString('base64');
    }
  }
  throw new Error('the payment captcha has no solution below its maxnumber');
}

export interface GuestOrder {
  locationId: number;
  firstName: string;
  /** 1 pickup (default), 2 at a table. */
  fulfillmentMethod?: 1 | 2;
  pickup?: { pickupOption: 0 | 1 | 2; carColor?: number; carType?: number; fulfillmentPlace?: string };
  /** An ISO time with offset for a scheduled order; omitted for ASAP. */
  readyTime?: string;
  /** Fresh Lemonades on the order (4 by default: over the curbside store's $10 minimum). */
  quantity?: number;
  email?: string;
  /** The API session to order with (a signed-in customer's); a new web guest's by default. */
  session?: string;
  /** Save the card for the session's customer at placement (paymentIdToSave). */
  saveCard?: boolean;
  /** The API to place it at (a journey's own: its origin); the e2e API by default. */
  apiUrl?: string;
}

/**
 * Places a paid order of Fresh Lemonades (four by default: over the curbside store's $10 minimum) through the API
 * as a web guest, or in a given session: token, order, line, contact, pickup data, ready time, card payment
 * tokenised in the hosted frame's endpoint, close request. Returns the order id.
 */
export async function placeGuestOrder(api: APIRequestContext, order: GuestOrder): Promise<number> {
  return (await placeOrder(api, order)).orderId;
}

/**
 * As placeGuestOrder, and the order's tracking page (`/order-tracking?oid=…&tk=…`, the link the guest gets after
 * paying): for journeys about what happens after placement, whose ordering path another journey walks in the UI.
 */
export async function placeGuestOrderForTracking(
  api: APIRequestContext,
  order: GuestOrder,
): Promise<{ orderId: number; trackingUrl: string }> {
  const { orderId, accessToken } = await placeOrder(api, order);
  const link = await call<{ url: string }>(
    api,
    'GET',
    `/v1/sales/orders/${orderId}/tracking-url`,
    accessToken,
  );
  return { orderId, trackingUrl: link.url };
}

async function placeOrder(
  api: APIRequestContext,
  order: GuestOrder,
): Promise<{ orderId: number; accessToken: string }> {
  const apiUrl = order.apiUrl ?? API_URL;
  const accessToken =
    order.session ??
    (
      await call<{ accessToken: string }>(api, 'POST', `${apiUrl}/v1/oauth/token`, null, {
        clientId: 'web',
        clientSecret: 'web-demo-secret',
      })
    ).accessToken;
  const menu = await call<{ snapshotId: number; menuId: number }>(
    api,
    'GET',
    `${apiUrl}/v1/sales/menus?locationId=${order.locationId}`,
    accessToken,
    undefined,
    { prefer: 'return=compact' },
  );
  const created = await call<{ id: number }>(api, 'POST', `${apiUrl}/v1/sales/orders`, accessToken, {
    menuSnapshotId: menu.snapshotId,
    fulfillmentMethod: order.fulfillmentMethod ?? 1,
  });
  const base = `${apiUrl}/v1/sales/orders/${created.id}`;
  const added = await call<{ order: { totals: { total: number } } }>(
    api,
    'POST',
    `${base}/bulk-items`,
    accessToken,
    { items: [{ itemPathKey: `${menu.menuId}-40-402`, quantity: order.quantity ?? 4 }] },
  );
  await call(api, 'PATCH', `${base}/contact-information`, accessToken, {
    firstName: order.firstName,
    lastName: 'Tester',
    phone: '(202) 555-0143',
    email: order.email ?? 'kitchen-h5@example.com',
  });
  await call(api, 'PUT', `${base}/pickup-data`, accessToken, order.pickup ?? { pickupOption: 0 });
  if (order.readyTime) {
    await call(api, 'PUT', `${base}/ready-time`, accessToken, { orderReadyTime: order.readyTime });
  }
  const payment = await call<{ id: number; paymentUrl: string }>(
    api,
    'POST',
    `${base}/payments`,
    accessToken,
    {
      paymentMethod: 5,
      baseAmount: added.order.totals.total,
      tipAmount: 0,
      recaptchaInput: await solvePaymentCaptcha(api, apiUrl),
      // The stores verify the billing postal code (address verification at ZipCodeOnly).
      billingAddress: { postalCode: '20036' },
    },
  );
  // The card goes to the processor's hosted page (its own origin), as the frame sends it: the page's token route.
  const pageUrl = new URL(payment.paymentUrl);
  const tokenised = await api.post(`${pageUrl.origin}${pageUrl.pathname}/tokens${pageUrl.search}`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123' },
  });
  expect(tokenised.ok(), `tokenise: ${await tokenised.text()}`).toBe(true);
  const card = ((await tokenised.json()) as Envelope<{ one_time_token: string }>).value;
  await call(
    api,
    'POST',
    `${base}/close-requests`,
    accessToken,
    { paymentToken: card.one_time_token, ...(order.saveCard ? { paymentIdToSave: payment.id } : {}) },
    {
      'idempotency-key': `h5-${created.id}-${Date.now()}`,
    },
  );
  return { orderId: created.id, accessToken };
}

/** A guest first name no earlier run used (the given one and five random letters): a board keeps the day's
 * tickets, so a repeated journey must find its own ticket by name. */
export function uniqueFirstName(base: string): string {
  const letters = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `${base}${letters.join('')}`;
}

/** The kitchen screen: sign-in, a location's board and its tickets. */
export class KitchenScreen {
  constructor(readonly page: Page) {}

  async signIn(locationId: number) {
    await this.page.goto('/kitchen');
    await this.page.getByLabel('Staff key').fill('e2e-staff-key');
    await this.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(this.page.getByLabel('Location')).toBeVisible();
    await this.page.getByLabel('Location').selectOption(String(locationId));
    await expect(this.page.getByLabel('Location')).toHaveValue(String(locationId));
  }

  get liveStatus(): Locator {
    return this.page.getByRole('status').filter({ hasText: /Live|Reconnecting|Connecting/ });
  }

  /** The ticket of the guest's order, by the guest's (unique) first name. */
  ticket(firstName: string): Locator {
    return this.page.getByRole('article').filter({ hasText: `${firstName} Tester` });
  }
}
