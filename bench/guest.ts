/**
 * A guest's calls to the API, as the storefront makes them: a token, the menu's addable items, an order with
 * items, and a card payment through the sandbox processor's hosted page. Shared by `npm run bench` (run.ts) and
 * the soak (soak.ts); each takes the `fetch` to call through, so that the soak can time and count every call.
 */
import { randomBytes } from 'node:crypto';
import { json } from './lib';

/**
 * The client secrets and staff key of the API (and storefront) a bench starts, made for each run: an API in
 * production refuses the demo's, which the README prints. Put them in the environment of the API and of the
 * storefront it talks to; `guestToken` asks with the web client's.
 */
export const BENCH_SECRETS = {
  WEB_CLIENT_SECRET: `bench-web-${randomBytes(24).toString('base64url')}`,
  CATERING_CLIENT_SECRET: `bench-catering-${randomBytes(24).toString('base64url')}`,
  INSTORE_CLIENT_SECRET: `bench-instore-${randomBytes(24).toString('base64url')}`,
  STAFF_KEY: `bench-staff-${randomBytes(24).toString('base64url')}`,
};

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface MenuNode {
  itemPathKey: string;
  isOutOfStock?: boolean;
  displayAttribute?: { hidden?: boolean } | null;
  priceAttribute?: { priceType?: string; prices?: { portionTypeId: number; default: boolean }[] } | null;
  children?: MenuNode[];
}

export interface Menu {
  snapshotId: number;
  categories: MenuNode[];
}

/** What an order-changing call answers: the order with its totals (dollars). */
export interface OrderAnswer {
  id: number;
  items: { id: number; quantity: number; portionId: number | null }[];
  totals: { total: number };
}

/** The body that adds one of `node` as it comes (its default portion, no modifiers). */
export interface AddItemBody {
  itemPathKey: string;
  quantity: number;
  portionId: number | null;
  modifiers: [];
}

/** A store in a location search's answer, with its status and online availability. */
export interface StoreResult {
  id: number;
  isOnline: boolean;
  status: { locationStatus: string };
}

const jsonHeaders = { 'content-type': 'application/json' };

/** The pickup stores within 25 miles of `point` (the store finder's default point 39, -77 unless given). */
export async function searchStores(
  api: string,
  headers: Record<string, string>,
  point: readonly [number, number] = [39, -77],
  http: Fetch = fetch,
): Promise<StoreResult[]> {
  const [latitude, longitude] = point;
  const search = await json<{ items: { item: StoreResult }[] }>(
    await http(
      `${api}/v1/locations?latitude=${latitude}&longitude=${longitude}&radiusMiles=25&fulfillmentMethod=1&includeLocationStatus=true&includeOnlineAvailability=true`,
      { headers },
    ),
  );
  return search.items.map((i) => i.item);
}

/** Whether a guest can order from the store now. */
export const isOpenOnline = (store: StoreResult) => store.isOnline && store.status.locationStatus === 'Open';

/** The store's pickup menu. */
export async function getMenu(
  api: string,
  headers: Record<string, string>,
  locationId: number,
  http: Fetch = fetch,
): Promise<Menu> {
  return json<Menu>(
    await http(`${api}/v1/sales/menus?locationId=${locationId}&fulfillmentMethod=1`, { headers }),
  );
}

/** A new guest's access token (the web client's credentials). `forwardedFor`: the guest's address behind a proxy. */
export async function guestToken(api: string, http: Fetch = fetch, forwardedFor?: string): Promise<string> {
  const { accessToken } = await json<{ accessToken: string }>(
    await http(`${api}/v1/oauth/token`, {
      method: 'POST',
      headers: { ...jsonHeaders, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ clientId: 'web', clientSecret: BENCH_SECRETS.WEB_CLIENT_SECRET }),
    }),
  );
  return accessToken;
}

export function addItemBody(node: MenuNode, quantity = 1): AddItemBody {
  const portionId = node.priceAttribute?.prices?.find((p) => p.default)?.portionTypeId ?? null;
  return { itemPathKey: node.itemPathKey, quantity, portionId, modifiers: [] };
}

/** The menu-item pricing POST's body for the item as `body` adds it. */
export function pricingBody(body: AddItemBody) {
  return { quantity: body.quantity, portionId: body.portionId, sequenceOfChanges: [] };
}

export async function createOrder(
  api: string,
  headers: Record<string, string>,
  snapshotId: number,
  http: Fetch = fetch,
): Promise<OrderAnswer> {
  return json<OrderAnswer>(
    await http(`${api}/v1/sales/orders`, {
      method: 'POST',
      headers: { ...headers, ...jsonHeaders },
      body: JSON.stringify({ menuSnapshotId: snapshotId }),
    }),
  );
}

export async function addItem(
  api: string,
  headers: Record<string, string>,
  orderId: number,
  body: AddItemBody,
  http: Fetch = fetch,
): Promise<OrderAnswer> {
  return json<OrderAnswer>(
    await http(`${api}/v1/sales/orders/${orderId}/items`, {
      method: 'POST',
      headers: { ...headers, ...jsonHeaders },
      body: JSON.stringify(body),
    }),
  );
}

/**
 * Up to `max` items of the menu that a guest can add as they come (no required choice left open), tried in menu
 * order on a scratch order of the guest's.
 */
export async function addableItems(
  api: string,
  headers: Record<string, string>,
  menu: Menu,
  max: number,
  http: Fetch = fetch,
): Promise<MenuNode[]> {
  const candidates = menu.categories
    .flatMap((c) => c.children ?? [])
    .filter((n) => !n.isOutOfStock && !n.displayAttribute?.hidden);
  const scratch = await createOrder(api, headers, menu.snapshotId, http);
  const addable: MenuNode[] = [];
  for (const node of candidates) {
    if (addable.length >= max) break;
    const res = await http(`${api}/v1/sales/orders/${scratch.id}/items`, {
      method: 'POST',
      headers: { ...headers, ...jsonHeaders },
      body: JSON.stringify(addItemBody(node)),
    });
    if (res.ok) addable.push(node);
    await res.body?.cancel();
  }
  return addable;
}

/** The order's contact details (a bench guest with the given phone and e-mail). */
async function setContact(
  api: string,
  headers: Record<string, string>,
  orderId: number,
  phone: string,
  email: string,
  http: Fetch,
): Promise<void> {
  await json(
    await http(`${api}/v1/sales/orders/${orderId}/contact-information`, {
      method: 'PATCH',
      headers: { ...headers, ...jsonHeaders },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Guest', phone, email }),
    }),
  );
}

/**
 * Contact details, a pending card payment of `totalDollars` and the approving test card tokenised in the hosted
 * payment frame at the processor (the API's PROCESSOR_PUBLIC_URL must be the processor the bench started): returns the one-time token that placing the order takes. `forwardedFor`: the card frame's address
 * behind a proxy (the frame's token route has a per-address limit).
 */
export async function payByCard(
  api: string,
  headers: Record<string, string>,
  orderId: number,
  totalDollars: number,
  http: Fetch = fetch,
  forwardedFor?: string,
): Promise<string> {
  await setContact(api, headers, orderId, '2025550100', 'bench@example.com', http);
  const payment = await json<{ paymentUrl: string }>(
    await http(`${api}/v1/sales/orders/${orderId}/payments`, {
      method: 'POST',
      headers: { ...headers, ...jsonHeaders },
      // The demo stores verify the billing address when the card is charged: the postal code (ZipCodeOnly), or
      // the whole address at Silver Spring (AddressAndZipCode). The whole address passes both.
      body: JSON.stringify({
        paymentMethod: 5,
        baseAmount: totalDollars,
        tipAmount: 0,
        billingAddress: { address1: '1200 18th St NW', city: 'Washington', state: 'DC', postalCode: '20036' },
      }),
    }),
  );
  // The hosted card page is the processor's (its own origin, signed parameters): its frame posts the card there.
  const page = new URL(payment.paymentUrl);
  // The processor's page answers `{ value }` without the API's `succeed`.
  const tokenised = await http(`${page.origin}${page.pathname}/tokens${page.search}`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
    body: JSON.stringify({ cardNumber: '4242424242424242', expiry: '12/34', cvv: '123' }),
  });
  const card = ((await tokenised.json()) as { value?: { one_time_token: string | null } }).value ?? {
    one_time_token: null,
  };
  if (!card.one_time_token) throw new Error('card was not tokenised');
  return card.one_time_token;
}

/**
 * Leaves the order to pay at the store (offline credit): a contact of its own (`index`: the per-guest caps count
 * phone and e-mail) and the offline-credit payment for the whole total (the bench's API takes no captcha for it).
 */
export async function payAtTheStore(
  api: string,
  headers: Record<string, string>,
  orderId: number,
  totalDollars: number,
  index: number,
  http: Fetch = fetch,
): Promise<void> {
  await setContact(
    api,
    headers,
    orderId,
    `202${String(index).padStart(7, '0')}`,
    `bench-${index}@example.com`,
    http,
  );
  await json(
    await http(`${api}/v1/sales/orders/${orderId}/payments`, {
      method: 'POST',
      headers: { ...headers, ...jsonHeaders },
      body: JSON.stringify({ paymentMethod: 2, baseAmount: totalDollars, tipAmount: 0 }),
    }),
  );
}
