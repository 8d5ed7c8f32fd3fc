import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { MAILBOX_ORIGIN } from './pages/mailbox';
import { E2E_VERIFICATION_CODE_TTL_SECONDS } from './pages/verification-life';
import { skipPromoPopup } from './pages/promo-popup';
import { scheduleIfStoreClosed, StorePage } from './pages/store-page';

/**
 * Issue 34, SMS verification at checkout: Chicago Loop (10) takes Pay at the Store only from a guest whose phone is
 * verified (README 'SMS verification'). The code is texted to the development mailbox, where the journey reads it
 * as a guest reads their phone. A wrong code, then the right one pasted, places the order; a resend too soon is
 * refused, and after 30 s a new code replaces the old one; five wrong codes block the order; a code past its life
 * (45 s in the journeys' API, VERIFICATION_CODE_TTL_SECONDS; 10 minutes otherwise) reads 'Code has expired'.
 */

const CHICAGO = 10;
const PHONE_VIEWPORT = { width: 412, height: 915 };

/** A guest of this run only: the per-phone limits and the open unpaid orders count per phone, e-mail and address. */
function uniqueGuest() {
  const n = (max: number) => Math.floor(Math.random() * max);
  const exchange = 200 + n(800);
  const line = String(n(10_000)).padStart(4, '0');
  const tag = `${Date.now().toString(36)}${n(1_000)}`;
  return {
    firstName: 'Grace',
    lastName: 'Hopper',
    phone: `(312) ${exchange}-${line}`,
    e164: `+1312${exchange}${line}`,
    email: `grace-${tag}@example.com`,
    address: `198.51.100.${1 + n(250)}`,
  };
}
type Guest = ReturnType<typeof uniqueGuest>;

/**
 * Plays the load balancer in front of the storefront (TRUST_PROXY_HOPS=1 in playwright.config): the guest's own
 * address in X-Forwarded-For on storefront requests only (the API's mailbox answers requests naming no client).
 */
async function forwardGuestAddress(context: BrowserContext, baseURL: string, address: string) {
  const storefront = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin === storefront,
    (route) => route.continue({ headers: { ...route.request().headers(), 'x-forwarded-for': address } }),
  );
}

/** One Classic Burger at Chicago Loop, checkout, Pay at the store in the picker: the verification opens. */
async function chooseVerifiedMethod(page: Page, guest: Guest) {
  await skipPromoPopup(page);
  await page.goto(`/${CHICAGO}/menu`);
  await scheduleIfStoreClosed(page);
  await new StorePage(page).openItem('Classic Burger');
  await new ItemPage(page).add();
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Burger' })).toBeHidden();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await fillContact(page, guest);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const picker = page.getByRole('dialog', { name: 'Select Payment Method' });
  const atStore = picker.getByRole('radio', { name: /Pay at the store/i });
  await expect(atStore).toHaveAccessibleDescription('Needs phone verification by SMS');
  await atStore.check();
  await picker.getByRole('button', { name: 'Place Order' }).click();
}

/** A new guest (an address of its own) at the verification of a Classic Burger ordered at Chicago Loop. */
async function newGuestAtVerification(page: Page, context: BrowserContext, baseURL: string | undefined) {
  const guest = uniqueGuest();
  await forwardGuestAddress(context, baseURL ?? '', guest.address);
  await chooseVerifiedMethod(page, guest);
  return guest;
}

/** The send-code stage: the checkout's phone is offered (its 10 digits); Confirm texts the code. */
async function sendCode(page: Page, guest: Guest) {
  const send = page.getByRole('dialog', { name: 'Verify your phone number' });
  await expect(send.getByLabel('Phone')).toHaveValue(guest.e164.slice(2));
  await send.getByRole('button', { name: 'Confirm' }).click();
  const enter = page.getByRole('dialog', { name: 'Enter your code' });
  await expect(enter.getByRole('textbox', { name: /^Digit \d of 6$/ })).toHaveCount(6);
  return enter;
}

/**
 * The codes texted to the guest, newest first, read in the mailbox (in a tab of its own) once `count` are there.
 */
async function textedCodes(context: BrowserContext, guest: Guest, count: number): Promise<string[]> {
  const mailbox = await context.newPage();
  try {
    const texts = mailbox
      .getByRole('article')
      .filter({ has: mailbox.getByRole('heading', { name: 'Verification code' }) });
    await expect(async () => {
      await mailbox.goto(`${MAILBOX_ORIGIN}/mailbox?to=${encodeURIComponent(guest.e164)}`);
      await expect(texts).toHaveCount(count, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    const bodies = await texts.locator('pre').allTextContents();
    return bodies.map((body) => {
      const code = /(\d{6}) is your verification code for your order at Capital Kitchen - Chicago Loop/.exec(
        body,
      );
      expect(code, body).not.toBeNull();
      return code?.[1] ?? '';
    });
  } finally {
    await mailbox.close();
  }
}

/** A 6-digit code that is not `code`. */
const wrongCodeFor = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

/** Types `code` into the boxes one digit at a time, as a guest does (each digit moves on to the next box). */
async function typeCode(page: Page, code: string) {
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true });

  test('a wrong code is refused in red on the boxes, the right one pasted says Correct! and places the order', async ({
    page,
    context,
    baseURL,
  }) => {
    const guest = await newGuestAtVerification(page, context, baseURL);
    await expectNoAxeViolations(page, 'verification: send-code stage');
    const enter = await sendCode(page, guest);
    await expect(enter.getByText(/We texted a 6-digit code to .*\d{2,4}\.$/)).toBeVisible();
    await expectNoAxeViolations(page, 'verification: enter-code stage');
    const [code] = await textedCodes(context, guest, 1);

    // Backspace moves back: from the empty third box it clears the second, then the first.
    await typeCode(page, '12');
    await page.keyboard.press('Backspace');
    await expect(enter.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('1');
    await expect(enter.getByRole('textbox', { name: 'Digit 2 of 6' })).toHaveValue('');
    await expect(enter.getByRole('textbox', { name: 'Digit 2 of 6' })).toBeFocused();
    await page.keyboard.press('Backspace');
    await expect(enter.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
    await expect(enter.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();

    // A wrong code: checked as soon as the sixth digit is in, 'Invalid code' under the boxes, which turn red.
    await typeCode(page, wrongCodeFor(code ?? ''));
    await expect(enter.getByRole('alert')).toHaveText('Invalid code');
    await expect(enter.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expectNoAxeViolations(page, 'verification: invalid code');

    // The right code pasted into the first box fills every box.
    await enter.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
    await page.evaluate(async (text) => {
      const box = document.activeElement as HTMLInputElement;
      const data = new DataTransfer();
      data.setData('text/plain', text);
      box.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, code ?? '');
    await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible();
    await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });
    await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
  });
});

test('Resend code at once is refused with the error dialog; Close goes back to checkout', async ({
  page,
  context,
  baseURL,
}) => {
  const guest = await newGuestAtVerification(page, context, baseURL);
  const enter = await sendCode(page, guest);
  await enter.getByRole('button', { name: 'Resend code' }).click();
  const oops = page.getByRole('dialog', { name: 'Oops! An error occurred' });
  await expect(
    oops.getByText('Please, verify the phone number and try again in a few minutes'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'verification: error dialog');
  // The dialog's own Close button (its corner X is named 'Close' too).
  await oops.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await expect(oops).toBeHidden();
  await expect(page.getByRole('button', { name: 'Confirm Order' })).toBeEnabled();
});

test('five wrong codes block the order: the blocked screen, Done, and Confirm Order stays disabled', async ({
  page,
  context,
  baseURL,
}) => {
  const guest = await newGuestAtVerification(page, context, baseURL);
  const enter = await sendCode(page, guest);
  const [code] = await textedCodes(context, guest, 1);
  const wrong = wrongCodeFor(code ?? '');
  const blocked = page.getByRole('dialog', { name: 'Too many invalid attempts' });
  // 5 wrong tries per order (README 'SMS verification'): the 5th blocks it.
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await typeCode(page, wrong);
    await expect(enter.getByRole('alert')).toHaveText('Invalid code');
  }
  await typeCode(page, wrong);
  await expect(blocked.getByText('Sorry, you cannot proceed with the order')).toBeVisible();
  await expectNoAxeViolations(page, 'verification: blocked');
  await blocked.getByRole('button', { name: 'Done' }).click();
  await expect(blocked).toBeHidden();
  await expect(page.getByRole('button', { name: 'Confirm Order' })).toBeDisabled();
});

// On a phone only: the boxes and their red are the same on a desktop, and the code's life is waited out for real
// (45 s here), which is the longest wait of the journeys.
for (const [layout, use] of [
  ['phone', { viewport: PHONE_VIEWPORT, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(layout, () => {
    test.use(use);

    test(`${layout}: an expired code reads 'Code has expired' in red on the boxes; Resend code (past its 30 s pause) texts a new code that places the order, and the old one no longer counts`, async ({
      page,
      context,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      const guest = await newGuestAtVerification(page, context, baseURL);
      const enter = await sendCode(page, guest);
      const sentAt = Date.now();
      const [code] = await textedCodes(context, guest, 1);
      // The guest comes back to the boxes after the code's life (45 s here): the right code is refused.
      await page.waitForTimeout(
        Math.max(0, sentAt + (E2E_VERIFICATION_CODE_TTL_SECONDS + 2) * 1000 - Date.now()),
      );
      await typeCode(page, code ?? '');
      await expect(enter.getByRole('alert')).toHaveText('Code has expired');
      // In red on the boxes, as the spec's table says: each box's border takes the message's red.
      const red = await enter.getByRole('alert').evaluate((el) => getComputedStyle(el).color);
      const grey = await page.evaluate(() => getComputedStyle(document.body).color);
      expect(red).not.toBe(grey);
      for (let box = 1; box <= 6; box += 1) {
        const digit = enter.getByRole('textbox', { name: `Digit ${box} of 6` });
        await expect(digit).toHaveAttribute('aria-invalid', 'true');
        await expect(digit).toHaveCSS('border-top-color', red);
      }
      await expectNoAxeViolations(page, `verification: code expired (${layout})`);

      // Resend code (a new code no sooner than 30 s after the last, README 'SMS verification'; the code's life
      // is longer): a new code, empty boxes; the old code no longer counts and the new one places the order.
      await enter.getByRole('button', { name: 'Resend code' }).click();
      await expect(enter.getByRole('textbox', { name: 'Digit 1 of 6' })).toHaveValue('');
      await expect(enter.getByRole('alert')).toBeHidden();
      const [newest, older] = await textedCodes(context, guest, 2);
      expect(older).toBe(code);
      if (newest !== code) {
        await typeCode(page, code ?? '');
        await expect(enter.getByRole('alert')).toHaveText('Invalid code');
      }
      await typeCode(page, newest ?? '');
      await expect(page.getByRole('status').filter({ hasText: 'Correct!' })).toBeVisible();
      await page.waitForURL(/\/order-tracking\?oid=\d+&tk=/, { timeout: 30_000 });
      await expect(page.getByText('Thanks For Your Order!')).toBeVisible();
    });
  });
}
