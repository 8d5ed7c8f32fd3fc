import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER } from './pages/account-pages';
import { expectNoAxeViolations } from './pages/axe';
import { browserSession, orderPayments, placeOrderSavingCard, setStoreOnline } from './pages/payment-api';
import { CARDS, PaymentInstruments, POSTAL_CODE, reachPayment } from './pages/payment-instruments';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { signIn } from './pages/session-dialogs';
import { StorePage } from './pages/store-page';

/**
 * Issue 25, the payment page's error dialogs and ways out: a store going offline while the guest pays ('Oops! An
 * error occurred', Reset Order back to the store), a declined card on the Express store's frame (Close, then
 * another card pays), the way back to a placed order's payment page, and a saved card deleted on the page.
 */
test.describe.configure({ timeout: 240_000 });

const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true } as const;
const DECLINED_CARD = '4000 0000 0000 0002';

test.describe('on a phone', () => {
  test.use(PHONE);

  test('the store goes offline while the guest pays: Oops, Reset Order back to the store with pickup', async ({
    page,
  }) => {
    // Gaithersburg (6) takes curbside orders; the order starts as curbside, from the store's printed QR link.
    await skipPromoPopup(page);
    await page.goto('/6/menu?fp=curbside&fv=5');
    const curbside = page.getByRole('dialog', { name: 'Curbside Pickup' });
    await curbside.getByLabel(/Car type/).selectOption({ label: 'Sedan' });
    await curbside.getByLabel(/Car color/).selectOption({ label: 'Blue' });
    await curbside.getByRole('button', { name: 'Continue' }).click();
    await expect(curbside).toBeHidden();
    await expect(page.getByText(/^Pickup \(Curbside, space 5\)/)).toBeVisible();
    // Two burgers: over the store's $10 minimum.
    await new StorePage(page).openItem('Classic Burger');
    await new ItemPage(page).increaseQuantity();
    await new ItemPage(page).add();
    await expect(page).toHaveURL(/\/6\/menu$/);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Confirm Order' }).click();
    await expect(page).toHaveURL(/\/payment$/, { timeout: 30_000 });
    const pay = new PaymentInstruments(page);
    await expect(pay.cardFrame.getByLabel('Card number')).toBeVisible();
    const { token, orderId } = await browserSession(page);
    expect(orderId).not.toBeNull();
    const cardPayments = async () =>
      (await orderPayments(page.request, token, orderId ?? 0)).filter((p) => p.paymentMethod === 5);
    await expect.poll(cardPayments).toHaveLength(1);

    // The kitchen pauses online ordering while the guest types the card.
    await setStoreOnline(page.request, 6, false);
    try {
      await pay.setPostalCode(POSTAL_CODE.good);
      await pay.enterCard(CARDS.approve);
      await pay.pay();
      const oops = page.getByRole('dialog', { name: 'Oops! An error occurred' });
      await expect(oops.getByText('The store is currently offline.')).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page, 'Oops! An error occurred (phone)');
      // A blocking code: Place Order stays disabled behind the dialog (hidden from assistive technology).
      await expect(page.locator('button', { hasText: 'Place Order' })).toBeDisabled();
      await oops.getByRole('button', { name: 'Reset Order' }).click();

      // The store page, the pending card payment deleted and the order forgotten.
      await expect(page).toHaveURL(/\/6\/menu$/, { timeout: 30_000 });
      await expect(page.getByRole('dialog', { name: 'Store is offline' })).toBeVisible();
      expect(await cardPayments()).toEqual([]);
      expect((await browserSession(page)).orderId).toBeNull();
    } finally {
      await setStoreOnline(page.request, 6, true);
    }
    // Back online (the store catalogue is cached up to 10 s): walk-in pickup is selected, the bag is empty.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(/^Pickup: /)).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText(/Curbside, space 5/)).toHaveCount(0);
    await expect(page.getByText('2 x Classic Burger')).toHaveCount(0);
  });
});

test("the Express store's frame: a declined card says why, Close gives a fresh frame, another card pays", async ({
  page,
}) => {
  const pay = new PaymentInstruments(page);
  await reachPayment(page, { store: 8, item: 'Classic Burger', method: /Credit/ });
  await pay.setPostalCode(POSTAL_CODE.good);
  await pay.enterCard(DECLINED_CARD);
  await pay.cardFrame.getByRole('button', { name: /^Pay \$/ }).click();
  const failed = page.getByRole('dialog', { name: 'Payment failed' });
  await expect(failed.getByText('The transaction was not authorized')).toBeVisible({ timeout: 30_000 });
  await expect(failed.getByText('Please, review the information supplied and try again.')).toBeVisible();
  await expectNoAxeViolations(page, 'Express decline dialog');
  await failed.getByRole('button', { name: 'Close' }).click();
  await expect(failed).toBeHidden();

  // The frame is ready for another card: empty, its Pay button enabled, its script running (it adds the
  // expiry's slash as the guest types; a Pay pressed before it runs is refused by the frame's form-action).
  await expect(pay.cardFrame.getByLabel('Card number')).toHaveValue('');
  await expect(pay.cardFrame.getByRole('button', { name: /^Pay \$/ })).toBeEnabled();
  const expiry = pay.cardFrame.getByLabel('Expiry date (MM/YY)');
  await expiry.pressSequentially('12');
  await expect(expiry).toHaveValue('12/');
  await pay.enterCard(CARDS.approve);
  await pay.cardFrame.getByRole('button', { name: /^Pay \$/ }).click();
  await pay.expectPlaced();

  // Back to the placed order's payment page: with no current order it sends the guest to / (checkout spec
  // section 4), which opens the store search, not a stale form. (Chromium keeps no-store pages out of its
  // back-forward cache, so this is the server's answer, not the page's bfcache handler.)
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/search-locations$/, { timeout: 30_000 });
});

test('a saved card deleted on the payment page leaves the new card frame', async ({ page }) => {
  const pay = new PaymentInstruments(page);
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  await signIn(page, DEMO_CUSTOMER);
  await placeOrderSavingCard(page, 1);

  await reachPayment(page, { store: 1, item: 'Classic Burger' });
  const saved = page.getByRole('radio', { name: 'Visa ****4242' });
  await expect(saved).toBeChecked();
  await expect(pay.cardFrame.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete card ****4242' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete card' });
  await expect(confirm).toContainText('Are you sure you want to delete the card ****4242?');
  await expectNoAxeViolations(page, 'delete saved card on the payment page');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();

  await expect(saved).toHaveCount(0);
  await expect(pay.cardFrame.getByLabel('Card number')).toBeVisible();
  await pay.setPostalCode(POSTAL_CODE.good);
  await pay.enterCard(CARDS.approve);
  await pay.pay();
  await pay.expectPlaced();
  // Gone for good: My account lists no saved card.
  await page.goto('/my-account/saved-payments');
  await expect(page.getByText('No saved cards yet.', { exact: false })).toBeVisible();
});
