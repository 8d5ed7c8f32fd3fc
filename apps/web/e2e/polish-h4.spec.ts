import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { CONTACT_LABELS, fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

/**
 * Issue 24, points 5, 6 and 12b: the checkout form on a phone and a laptop (first invalid field focused and in
 * view below the sticky header, required fields marked, the total near the top on a phone), feedback at once on a
 * slow network with no double submission, and focus for keyboard and screen-reader users (the new page's heading
 * after a client navigation, a skip link first in the tab order).
 */

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } as const;
const LAPTOP = { viewport: { width: 1440, height: 900 } } as const;
const STORE = 'Capital Kitchen - Dupont Circle';

/** A guest's order with one Classic Burger at Dupont Circle (open 24/7), through the store page. */
async function orderABurger(page: Page) {
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  await new StorePage(page).openItem('Classic Burger');
  await new ItemPage(page).add();
  await expect(page).toHaveURL(/\/1\/menu$/);
}

/**
 * Chromium's own network throttling through CDP: 400 ms round trip, 400 kbit/s each way (the slow
 * network).
 */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
}

/**
 * Times, inside the page, from the next pointer or touch down to the first animation frame that shows feedback:
 * a visible progress bar or busy control, or the destination's heading itself (all the old pages showed).
 * `feedbackMs` reads it: null until then.
 */
async function armFeedbackMeter(page: Page, destinationHeading: string) {
  await page.evaluate((heading) => {
    // A fresh measurement: the window lives on across client navigations, with the meters armed before.
    const meter = window as unknown as { h4Run?: number; h4TapAt?: number; h4FeedbackAt?: number };
    const run = (meter.h4Run ?? 0) + 1;
    meter.h4Run = run;
    meter.h4TapAt = undefined;
    meter.h4FeedbackAt = undefined;
    const start = () => {
      if (meter.h4Run === run) meter.h4TapAt ??= performance.now();
    };
    document.addEventListener('pointerdown', start, { capture: true, once: true });
    document.addEventListener('touchstart', start, { capture: true, once: true });
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight;
    };
    const look = () => {
      if (meter.h4Run !== run) return;
      if (meter.h4TapAt !== undefined) {
        const busy = [...document.querySelectorAll('[role="progressbar"], [aria-busy="true"]')].some(shown);
        const arrived = [...document.querySelectorAll('h1')].some(
          (h) => h.textContent?.trim() === heading && shown(h),
        );
        if (busy || arrived) {
          meter.h4FeedbackAt = performance.now();
          return;
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, destinationHeading);
}

async function feedbackMs(page: Page): Promise<number | null> {
  return page.evaluate(() => {
    const meter = window as unknown as { h4TapAt?: number; h4FeedbackAt?: number };
    return meter.h4TapAt !== undefined && meter.h4FeedbackAt !== undefined
      ? Math.round(meter.h4FeedbackAt - meter.h4TapAt)
      : null;
  });
}

/** A measurement for the before/after note: on the test's annotations and in the run's output. */
function record(measurement: { type: 'measured'; description: string }) {
  test.info().annotations.push(measurement);
  console.log(`[measured] ${test.info().title}: ${measurement.description}`);
}

/** Where the summary's order total first shows on the page (px from the top of the document). */
async function firstTopOfTotal(page: Page): Promise<number> {
  const summaryTotal = page
    .getByRole('region', { name: 'Order Summary' })
    .locator('div', { hasText: /^Total/ })
    .last();
  const amount = /\$[\d,]+\.\d{2}/.exec((await summaryTotal.textContent()) ?? '')?.[0];
  if (!amount) throw new Error('no total in the summary');
  const tops = await page
    .getByText(amount, { exact: true })
    .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top + window.scrollY)));
  return Math.min(...tops);
}

/** Each contact field's aria-required and whether its label shows a required mark ('*' after it). */
async function requiredMarks(page: Page) {
  const marks = [];
  for (const label of CONTACT_LABELS) {
    const field = page.getByLabel(label, { exact: true });
    const labelEl = page.locator('label', { hasText: label });
    marks.push({
      label,
      ariaRequired: await field.getAttribute('aria-required'),
      mark: (await labelEl.evaluate((el) => getComputedStyle(el, '::after').content)).includes('*'),
    });
  }
  return marks;
}

/** The focused field's label and where it and its input are, against the sticky header and the viewport. */
async function focusedField(page: Page) {
  return page.evaluate(() => {
    const input = document.activeElement;
    const label = input?.id ? document.querySelector(`label[for="${input.id}"]`) : null;
    const header = document.querySelector('header');
    return {
      label: label?.textContent?.trim() ?? input?.tagName ?? 'none',
      labelTop: Math.round(label?.getBoundingClientRect().top ?? -1),
      inputBottom: Math.round(input?.getBoundingClientRect().bottom ?? -1),
      headerBottom: Math.round(header?.getBoundingClientRect().bottom ?? 0),
      viewportHeight: window.innerHeight,
    };
  });
}

/** The focused element, as its tag and text ('BODY' when focus is nowhere). */
async function activeElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'BODY';
    return `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 40)}`;
  });
}

/** Taps (touch) or clicks (mouse) and returns the in-page time to first feedback and the time to arrive. */
async function pressAndMeasure(
  page: Page,
  target: ReturnType<Page['getByRole']>,
  heading: string,
  touch: boolean,
) {
  await target.scrollIntoViewIfNeeded();
  await armFeedbackMeter(page, heading);
  const started = Date.now();
  if (touch) await target.tap();
  else await target.click();
  await expect.poll(() => feedbackMs(page), { timeout: 30_000 }).not.toBeNull();
  const feedback = (await feedbackMs(page)) ?? Number.POSITIVE_INFINITY;
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 60_000 });
  const arrived = Date.now() - started;
  record({
    type: 'measured',
    description: `${heading}: feedback ${feedback} ms, page ${arrived} ms`,
  });
  return { feedback, arrived };
}

for (const [device, use] of [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const) {
  test.describe(`on a ${device}`, () => {
    test.use(use);

    test('an empty Confirm Order focuses First Name, in full view below the sticky header; required fields are marked', async ({
      page,
    }) => {
      await orderABurger(page);
      await page.goto('/checkout');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await page.waitForLoadState('networkidle');

      // Measured first, asserted after: the note on the issue gives these before and after.
      const totalTop = await firstTopOfTotal(page);
      const marks = await requiredMarks(page);
      const confirm = page.getByRole('button', { name: 'Confirm Order' });
      await confirm.scrollIntoViewIfNeeded();
      await confirm.click();
      await expect(page.getByText('Please enter your First Name')).toBeVisible();
      // Scrolling (if any) settles within a few frames.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const focus = await focusedField(page);
      record({
        type: 'measured',
        description: `${device}: focus ${JSON.stringify(focus)}; total first at ${totalTop} px; marks ${JSON.stringify(marks)}`,
      });

      expect(focus.label, 'field focused by an empty submit').toBe('First Name');
      expect(focus.labelTop, 'label top below the header').toBeGreaterThanOrEqual(focus.headerBottom);
      expect(focus.inputBottom, 'input bottom inside the viewport').toBeLessThanOrEqual(focus.viewportHeight);
      await expect(page.getByRole('textbox', { name: 'First Name', exact: true })).toBeFocused();
      // The spec's labels stay the accessible names; each field is required for assistive technology and
      // visibly marked (the mark is not part of the name).
      expect(marks).toEqual(CONTACT_LABELS.map((label) => ({ label, ariaRequired: 'true', mark: true })));
      for (const label of CONTACT_LABELS)
        await expect(page.getByRole('textbox', { name: label, exact: true })).toBeVisible();
      if (device === 'phone') {
        // The order total shows in the first screen, not only at the end of the form.
        expect(totalTop, 'first place the total shows (px from the top)').toBeLessThan(
          PHONE.viewport.height - 100,
        );
      }
      await expectNoAxeViolations(page, `checkout with errors on a ${device}`);
    });

    test('tapping an item card and Checkout on a slow network shows feedback at once', async ({ page }) => {
      await orderABurger(page);
      await throttle(page);
      await page.goto('/1/menu');
      await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
      await page.waitForLoadState('networkidle');

      const card = page.getByRole('link', { name: /Garden Veggie Burger/ }).first();
      const item = await pressAndMeasure(page, card, 'Garden Veggie Burger', device === 'phone');
      await page.waitForLoadState('networkidle');

      const back = page.getByRole('link', { name: 'Back to menu' });
      const menu = await pressAndMeasure(page, back, STORE, device === 'phone');
      await page.waitForLoadState('networkidle');
      if (device === 'phone') {
        await page.getByRole('button', { name: /^My Order/ }).click();
        await expect(page.getByRole('dialog', { name: 'My Order' })).toBeVisible({ timeout: 30_000 });
      }
      const checkout = page.getByRole('link', { name: 'Checkout', exact: true });
      const result = await pressAndMeasure(page, checkout, 'Checkout', device === 'phone');
      expect(item.feedback, 'item card: ms from tap to feedback').toBeLessThanOrEqual(200);
      expect(menu.feedback, 'Back to menu: ms from tap to feedback').toBeLessThanOrEqual(200);
      expect(result.feedback, 'Checkout: ms from tap to feedback').toBeLessThanOrEqual(200);
    });

    if (device === 'laptop') {
      test('a link shows a pressed state while it is held', async ({ page }) => {
        await skipPromoPopup(page);
        await page.goto('/1/menu');
        await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
        const card = page.getByRole('link', { name: /Garden Veggie Burger/ }).first();
        await card.scrollIntoViewIfNeeded();
        const box = await card.boundingBox();
        if (!box) throw new Error('the card has no box');
        const filter = () => card.evaluate((el) => getComputedStyle(el).filter);
        const resting = await filter();
        await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await page.mouse.down();
        const pressed = await filter();
        record({ type: 'measured', description: `card filter at rest: ${resting}; held: ${pressed}` });
        expect(pressed).not.toBe(resting);
        expect(pressed).toContain('brightness');
      });
    }

    test('after a client navigation focus is on the new page heading; the skip link comes first', async ({
      page,
    }) => {
      await orderABurger(page);
      await page.goto('/1/menu');
      await expect(page.getByRole('heading', { level: 1, name: STORE })).toBeVisible();
      await page.waitForLoadState('networkidle');

      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      const firstTab = await activeElement(page);
      record({ type: 'measured', description: `${device}: first Tab stop ${firstTab}` });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await expectNoAxeViolations(page, `store page with the skip link on a ${device}`);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('main') !== null))
        .toBe(true);

      await page
        .getByRole('link', { name: /Garden Veggie Burger/ })
        .first()
        .click();
      const itemHeading = page.getByRole('heading', { level: 1, name: 'Garden Veggie Burger' });
      await expect(itemHeading).toBeVisible();
      await page.waitForLoadState('networkidle');
      const onItem = await activeElement(page);
      await page.getByRole('link', { name: 'Back to menu' }).click();
      const storeHeading = page.getByRole('heading', { level: 1, name: STORE });
      await expect(storeHeading).toBeVisible();
      await page.waitForLoadState('networkidle');
      const onStore = await activeElement(page);

      if (device === 'phone') {
        await page.getByRole('button', { name: /^My Order/ }).click();
        await expect(page.getByRole('dialog', { name: 'My Order' })).toBeVisible();
      }
      await page.getByRole('link', { name: 'Checkout', exact: true }).click();
      const checkoutHeading = page.getByRole('heading', { level: 1, name: 'Checkout' });
      await expect(checkoutHeading).toBeVisible();
      await page.waitForLoadState('networkidle');
      const onCheckout = await activeElement(page);
      record({
        type: 'measured',
        description: `${device}: focus after opening the item: ${onItem}; after Back to menu: ${onStore}; after Checkout: ${onCheckout}`,
      });
      expect(onItem).toBe('H1 Garden Veggie Burger');
      // Back on the menu the page heading, or the card the guest opened (the store page returns focus to it
      // when it restores their place): in the page's main content either way, not on <body>.
      expect(onStore).toMatch(new RegExp(`^(H1 ${STORE}|A .*Garden Veggie Burger)`));
      await expect(checkoutHeading).toBeFocused();
    });
  });
}

test.describe('on a laptop', () => {
  test.use(LAPTOP);

  test('a double click on Confirm Order submits once', async ({ page }) => {
    await orderABurger(page);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await fillContact(page, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '(202) 555-0199',
      email: 'ada@example.com',
    });
    let submissions = 0;
    // Server action calls from the checkout page (the payment page's own calls are not this form's).
    page.on('request', (request) => {
      const fromCheckout = new URL(request.url()).pathname === '/checkout';
      if (request.method() === 'POST' && request.headers()['next-action'] && fromCheckout) submissions += 1;
    });
    await page.getByRole('button', { name: 'Confirm Order' }).dblclick();
    await expect(page).toHaveURL(/\/payment$/, { timeout: 30_000 });
    expect(submissions, 'server action calls for one double click').toBe(1);
  });
});
