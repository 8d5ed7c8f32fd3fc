import { expect, test, type Page, type Response } from '@playwright/test';
import { watchCsp } from './pages/csp';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { PaymentPage } from './pages/payment-page';
import { closePromoPopup, skipPromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';
import { StorePage } from './pages/store-page';

/**
 * The hardened storefront (issue 22): every page carries the security headers and a nonce-based CSP that the
 * page itself keeps (Next's scripts, the inlined stylesheet, Radix's scroll lock, the map, the payment frame
 * and its messages all work with no violation), and another site cannot make a guest's browser drop the cart.
 */

// The sandbox processor's origin (playwright.config.ts: E2E_PROCESSOR_PORT, default the API's port + 1000).
const PROCESSOR_ORIGIN = `http://localhost:${process.env.E2E_PROCESSOR_PORT ?? Number(process.env.E2E_API_PORT ?? 4100) + 1000}`;

function policyOf(response: Response | null): Map<string, string> {
  const header = response?.headers()['content-security-policy'] ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part): [string, string] => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

/** The page's headers are the hardened set, and the document's scripts and inlined stylesheet carry its nonce. */
async function expectHardened(page: Page, response: Response | null) {
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['permissions-policy']).toContain('geolocation=(self)');
  expect(headers['permissions-policy']).toContain('camera=()');
  // The journeys serve http://localhost: no HSTS there (lib/security-headers.test.ts covers https).
  expect(headers['strict-transport-security']).toBeUndefined();
  const policy = policyOf(response);
  expect(policy.get('frame-ancestors')).toBe("'none'");
  expect(policy.get('object-src')).toBe("'none'");
  // The processor's frames only (on every page: /payment is reached by a client-side navigation).
  expect(policy.get('frame-src')).toBe(PROCESSOR_ORIGIN);
  const nonce = /'nonce-([^']+)'/.exec(policy.get('script-src') ?? '')?.[1];
  expect(nonce).toBeTruthy();
  expect(policy.get('script-src')).not.toContain('unsafe-inline');
  expect(policy.get('script-src')).not.toContain('unsafe-eval');
  // Every script and style element of the server's HTML carries this request's nonce (scripts that Next's
  // loader adds later need none: 'strict-dynamic').
  const html = (await response?.text()) ?? '';
  const tags = html.match(/<(script|style)\b[^>]*>/g) ?? [];
  expect(tags.some((tag) => tag.startsWith('<style'))).toBe(true);
  expect(tags.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
  // And so does every style element in the page now (the property: browsers hide the attribute's value).
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((style) => style.nonce),
  );
  expect(new Set(styles)).toEqual(new Set([nonce]));
}

test('search, store, item and kitchen pages are hardened, keep their CSP and work', async ({ page }) => {
  const violations = await watchCsp(page);

  const search = new SearchPage(page);
  await expectHardened(page, await page.goto('/search-locations'));
  // Hydrated: the search box answers as the guest types, and the results draw the map.
  await search.input.fill('Was');
  await expect(page.getByText('Please enter at least 4 characters')).toBeVisible();
  await search.searchFor('Washington', /Washington/);
  await expect(search.resultsHeading()).toBeVisible();
  const map = page.getByTestId('map-slot');
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await expect(map.getByRole('button', { name: /Capital Kitchen|stores, zoom in/ }).first()).toBeVisible();

  // The store page: a client navigation, then a full load; the promo popup is a Radix dialog (scroll lock <style>).
  await search.openStore('Capital Kitchen - Dupont Circle');
  await expect(page).toHaveURL(/\/1\/menu$/);
  await closePromoPopup(page);
  await expectHardened(page, await page.reload());
  const store = new StorePage(page);
  await store.openItem('Classic Burger');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Classic Burger/);

  await expectHardened(page, await page.goto('/kitchen'));
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

  const error = await page.goto('/error');
  await expectHardened(page, error);
  expect(violations).toEqual([]);
});

test('/favicon.ico is an icon, not a 404', async ({ page }) => {
  const res = await page.request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/icon/);
  // An ICO file: reserved 0, type 1, then its images.
  const bytes = await res.body();
  expect([...bytes.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
});

test('the payment page frames the hosted form from the API origin and speaks with it', async ({ page }) => {
  const violations = await watchCsp(page);
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  const store = new StorePage(page);
  await store.openItem('Classic Burger');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Classic Burger/);
  // A full load of the checkout page: its policy is the one the payment page runs under after Confirm Order
  // (a client-side navigation keeps the document, and its policy).
  await expectHardened(page, await page.goto('/checkout'));
  await fillContact(page, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '(202) 555-0199',
    email: 'ada@example.com',
  });
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);

  const payment = new PaymentPage(page);
  await expect(payment.placeOrder).toBeDisabled();
  // The frame's enablePlaceOrder message turns the button on; the token request goes back by postMessage.
  await payment.enterCard('4242 4242 4242 4242');
  await payment.pay();
  await expect(page.getByText('Payment approved!')).toBeVisible();
  // /payment/complete is a same-origin form POST: the origin check lets it through to the tracking page.
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 20_000 });
  await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
  expect(violations).toEqual([]);
});

test("another site's form cannot post to /api/token and drop the guest's order", async ({
  page,
  request,
}) => {
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  const before = await page.context().cookies();
  const token = before.find((cookie) => cookie.name === 'sf_at');
  expect(token).toBeDefined();
  // An order cookie as a guest with a cart has it (its content does not matter: the attack deletes it).
  const webUrl = new URL(page.url()).origin;
  await page.context().addCookies([{ name: 'sf_order', value: '{"orderId":1,"locationId":1}', url: webUrl }]);

  // The attacker's page (served by the test at another origin) auto-submits a form to the storefront.
  await page.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="post" action="${webUrl}/api/token?clientType=107"></form>
        <script>document.forms[0].submit()</script>`,
    }),
  );
  const answer = page.waitForResponse((response) => response.url().startsWith(`${webUrl}/api/token`));
  await page.goto('http://attacker.test/');
  expect((await answer).status()).toBe(403);
  const after = await page.context().cookies();
  expect(after.find((cookie) => cookie.name === 'sf_order')?.value).toBe('{"orderId":1,"locationId":1}');
  expect(after.find((cookie) => cookie.name === 'sf_at')?.value).toBe(token?.value);

  // Without Fetch Metadata (older browsers, plain http) the Origin header decides.
  const forged = await request.post('/api/token?clientType=107', {
    headers: { origin: 'https://evil.test' },
  });
  expect(forged.status()).toBe(403);
  expect(await forged.json()).toMatchObject({ succeed: false, value: null, errors: [{ code: 403 }] });
  const own = await request.post('/api/token?clientType=107', { headers: { origin: webUrl } });
  expect(own.status()).toBe(200);
});

test('the error page shows only its own texts', async ({ page }) => {
  await page.goto('/error?code=404&message=Your%20account%20is%20locked.%20Call%20%2B1%20555%200100');
  await expect(page.getByText('Your account is locked')).toHaveCount(0);
  await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
  // A wrong menu type (spec: the user goes to /error) says what happened.
  await page.goto('/1/breakfast');
  await expect(page).toHaveURL(/\/error\?code=menu-type$/);
  await expect(page.getByText('The page you asked for does not exist.')).toBeVisible();
});
