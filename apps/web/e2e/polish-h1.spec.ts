import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { PaymentPage } from './pages/payment-page';
import { closePromoPopup, skipPromoPopup } from './pages/promo-popup';
import { SearchPage } from './pages/search-page';
import { StorePage } from './pages/store-page';

/**
 * Issue 24, point 1 ('When to come'): one ASAP estimate from the API on the store page, in Order Settings and at
 * checkout; the tracking page leads with 'Ready at {time}' (or the delivery window), says when the order runs
 * late, and stays right as the kitchen moves it on.
 */

const API = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;
/** Dupont Circle's zone (every demo store but Chicago runs on it). */
const STORE_ZONE = 'America/New_York';

/** 'about 15 mins' -> 15. */
function minutesIn(text: string | null): number {
  const match = /about (\d+) mins?/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No 'about N mins' in '${text}'`);
  return Number(match[1]);
}

/** '6:05 PM' on the store's wall clock. */
function clockText(ms: number): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: STORE_ZONE,
  }).formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
}

/** The clock texts within `slackMinutes` either side of `ms` (the estimate is read seconds before placing). */
function clockTextsAround(ms: number, slackMinutes = 2): string[] {
  const texts: string[] = [];
  for (let m = -slackMinutes; m <= slackMinutes; m += 1) texts.push(clockText(ms + m * 60_000));
  return texts;
}

async function readStoreEstimate(page: Page, method: 'Pickup' | 'Delivery'): Promise<number> {
  const line = page.getByText(new RegExp(`^${method}:`));
  await expect(line).toContainText(/ASAP \(about \d+ mins?\)/);
  return minutesIn(await line.textContent());
}

async function addBurgersAndCheckout(page: Page, quantity = 1) {
  const store = new StorePage(page);
  await store.openItem('Classic Burger');
  for (let n = 1; n < quantity; n += 1) {
    await new ItemPage(page).increaseQuantity();
  }
  await new ItemPage(page).add();
  await expect(page).toHaveURL(/\/1\/menu/);
  // The phone's bag is a bar of its own (other journeys cover it): checkout is one address away.
  await expect(
    page.getByText(new RegExp(`${quantity} x Classic Burger|${quantity} items?`)).first(),
  ).toBeAttached();
  await page.goto('/checkout');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

async function readCheckoutEstimate(page: Page): Promise<number> {
  const line = page.getByText(/^(Ready time|Arrives):/);
  await expect(line).toContainText(/ASAP \(about \d+ mins?\)/);
  return minutesIn(await line.textContent());
}

async function payAndTrack(page: Page, guest: { firstName: string; lastName: string; email: string }) {
  await fillContact(page, { ...guest, phone: '(202) 555-0147' });
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  const payment = new PaymentPage(page);
  await payment.enterCard('4242 4242 4242 4242');
  await payment.pay();
  await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });
  await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
  const placedAt = Date.now();
  const orderId = Number(new URL(page.url()).searchParams.get('oid'));
  return { placedAt, orderId, url: page.url() };
}

/** The kitchen moves the order on (the staff API, as the kitchen screen does). */
async function advance(page: Page, orderId: number, statusId: number) {
  const res = await page.request.post(`${API}/v1/staff/orders/${orderId}/status`, {
    headers: { 'x-staff-key': 'e2e-staff-key' },
    data: { statusId },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const VIEWPORTS = [
  { name: 'mobile', use: { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } },
  { name: 'desktop', use: { viewport: { width: 1440, height: 900 } } },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`pickup on ${viewport.name}`, () => {
    test.use(viewport.use);

    test(`one ASAP estimate on the store page, in Order Settings and at checkout; tracking leads with 'Ready at' (${viewport.name})`, async ({
      page,
      browser,
    }) => {
      await skipPromoPopup(page);
      await page.goto('/1/menu');
      const storeMinutes = await readStoreEstimate(page, 'Pickup');
      await page.getByRole('button', { name: 'Edit order settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Order Settings' });
      const asap = dialog.getByRole('radio', { name: /ASAP/ });
      await expect(asap).toBeVisible();
      const dialogMinutes = minutesIn(await asap.evaluate((el) => el.closest('label')?.textContent ?? ''));
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await addBurgersAndCheckout(page);
      const checkoutMinutes = await readCheckoutEstimate(page);
      // BEFORE (472ebdc): store 16-30 (the first quarter-hour order time) and checkout 15 (the store's average).
      // Soft: a mismatch is reported and the journey goes on to measure the tracking page too.
      expect.soft({ dialog: dialogMinutes, checkout: checkoutMinutes }).toEqual({
        dialog: storeMinutes,
        checkout: storeMinutes,
      });

      const placed = await payAndTrack(page, {
        firstName: 'Grace',
        lastName: `Hopper ${viewport.name}`,
        email: `grace.${viewport.name}@example.com`,
      });
      // The tracking page leads with the ready time the checkout promised, large, in the first screen.
      const headline = page.getByTestId('order-eta');
      await expect(headline).toBeVisible();
      const text = (await headline.textContent()) ?? '';
      const expected = clockTextsAround(placed.placedAt + checkoutMinutes * 60_000);
      expect(
        expected.some((t) => text.includes(`Ready at ${t}`)),
        `'${text}' vs ${expected.join(' | ')}`,
      ).toBe(true);
      // Large and in the first screen: the headline's own text, not a line among the details.
      const title = headline.getByText(/^Ready at /);
      const box = await title.boundingBox();
      const size = await title.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      expect(box && box.y + box.height).toBeLessThan(viewport.use.viewport.height);
      expect(size).toBeGreaterThanOrEqual(24);
      await expectNoAxeViolations(page, `order tracking with ETA (${viewport.name})`);

      // Past its ready time and not ready yet: the page says it runs late, with a new estimate.
      const lateContext = await browser.newContext({ ...viewport.use });
      const late = await lateContext.newPage();
      await late.clock.install();
      await late.goto(placed.url);
      await expect(late.getByTestId('order-eta')).toContainText('Ready at');
      await expect(late.getByText('Running late')).toHaveCount(0);
      await late.clock.fastForward('40:00');
      const lateEta = late.getByTestId('order-eta');
      await expect(lateEta).toContainText('Running late');
      await expect(lateEta).toContainText(/now expected by \d{1,2}:\d{2} [AP]M/i);
      await expectNoAxeViolations(late, `order tracking running late (${viewport.name})`);

      // The kitchen marks it ready: the headline says it is ready, and the spec's delayed warning stays while
      // the ready time has passed before stage 4 (checkout spec section 4).
      await advance(page, placed.orderId, 2);
      await advance(page, placed.orderId, 3);
      await late.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(late.getByTestId('order-status')).toHaveText(/Ready for Pickup/);
      await expect(lateEta).toContainText('Your order is ready');
      await expect(lateEta).toContainText('Running late');
      await expect(lateEta).not.toContainText('now expected by');
      await lateContext.close();
    });
  });
}

test('delivery: one estimate on the store page and at checkout; tracking shows the arrival window', async ({
  page,
}) => {
  await page.goto('/search-locations?method=delivery');
  await new SearchPage(page).searchFor('1350 Connecticut', /1350 Connecticut Ave NW/);
  await expect(page).toHaveURL(/\/1\/menu\?fm=delivery$/);
  await closePromoPopup(page);
  const storeMinutes = await readStoreEstimate(page, 'Delivery');
  // Two: the delivery zone's minimum order is $15.
  await addBurgersAndCheckout(page, 2);
  const checkoutMinutes = await readCheckoutEstimate(page);
  // BEFORE (472ebdc): store 46-60 (the first delivery order time) and checkout 15 (the pickup average).
  expect.soft(checkoutMinutes).toBe(storeMinutes);
  const placed = await payAndTrack(page, {
    firstName: 'Katherine',
    lastName: 'Johnson',
    email: 'katherine@example.com',
  });
  const headline = page.getByTestId('order-eta');
  const text = (await headline.textContent()) ?? '';
  const starts = clockTextsAround(placed.placedAt + checkoutMinutes * 60_000);
  expect(
    starts.some((t) => text.includes(`Arriving ${t}`)),
    `'${text}' vs ${starts.join(' | ')}`,
  ).toBe(true);
  await expect(headline).toContainText(/Arriving \d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M/);
  await expectNoAxeViolations(page, 'delivery tracking with window');
});
