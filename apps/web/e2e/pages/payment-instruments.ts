import { expect, type FrameLocator, type Locator, type Page } from '@playwright/test';
import { fillContact } from './checkout-form';
import { ItemPage } from './item-page';
import { skipPromoPopup } from './promo-popup';
import { scheduleIfStoreClosed, StorePage } from './store-page';

/** The sandbox gift cards of the demo data (apps/api/src/db/seed/payments.ts, README 'Test gift cards'). */
export const GIFT_CARDS = {
  hundred: '6000 0000 0000 0002',
  fiveHundred: '6000 0000 0000 0005',
} as const;

/** Sandbox cards and the postal code the sandbox's address verification refuses. */
export const CARDS = { approve: '4242 4242 4242 4242' } as const;
export const POSTAL_CODE = { good: '20036', failsAvs: '99999' } as const;

export const GUEST = {
  firstName: 'Grace',
  lastName: 'Hopper',
  phone: '(202) 555-0142',
  email: 'grace@example.com',
} as const;

/** Puts one item of a store in the order and goes through checkout to /payment (choosing `method` when asked). */
export async function reachPayment(
  page: Page,
  options: { store: number; item: string; method?: RegExp; contact?: boolean },
): Promise<void> {
  await skipPromoPopup(page);
  await page.goto(`/${options.store}/menu`);
  await scheduleIfStoreClosed(page);
  await new StorePage(page).openItem(options.item);
  await new ItemPage(page).add();
  // Back on the menu (not the item page, whose URL starts the same) once the line is in the order.
  await expect(page).toHaveURL(new RegExp(`/${options.store}/menu$`));
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  if (options.contact !== false) await fillContact(page, GUEST);
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  if (options.method) {
    const picker = page.getByRole('dialog', { name: 'Select Payment Method' });
    await picker.getByRole('radio', { name: options.method }).check();
    await picker.getByRole('button', { name: 'Continue' }).click();
  }
  await expect(page).toHaveURL(/\/payment$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Make your payment' })).toBeVisible();
}

/** The payment page's instruments: Gift Card, saved cards, Billing Address, the card frames and the wallet. */
export class PaymentInstruments {
  constructor(private readonly page: Page) {}

  get giftCard(): Locator {
    return this.page.getByRole('region', { name: 'Gift Card' });
  }

  get appliedGiftCards(): Locator {
    return this.page.getByRole('list', { name: 'Applied gift cards' });
  }

  get placeOrder(): Locator {
    return this.page.getByRole('button', { name: /^Place Order/ });
  }

  get cardFrame(): FrameLocator {
    return this.page.frameLocator('iframe[title="Credit card payment form"]');
  }

  get billingAddress(): Locator {
    return this.page.getByRole('region', { name: 'Billing Address' });
  }

  get walletButton(): Locator {
    return this.page.getByRole('button', { name: 'Pay with Wallet' });
  }

  get walletSheet(): FrameLocator {
    return this.page.frameLocator('iframe[title="Wallet payment sheet"]');
  }

  /** 'Check balance' for a card; the amount box appears with the prefilled amount. */
  async checkBalance(cardNumber: string): Promise<Locator> {
    await this.giftCard.getByLabel('Gift card number').fill(cardNumber);
    await this.giftCard.getByRole('button', { name: 'Check balance' }).click();
    const amount = this.giftCard.getByLabel('Amount');
    await expect(amount).toBeVisible();
    return amount;
  }

  /** Saves the Billing Address modal with a postal code (the demo stores verify the ZIP code only). */
  async setPostalCode(postalCode: string): Promise<void> {
    await this.billingAddress.getByRole('button', { name: /^(Add|Edit) billing address$/ }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Billing Address' });
    await dialog.getByLabel('Postal Code').fill(postalCode);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(this.billingAddress.getByText(postalCode)).toBeVisible();
  }

  /** Types a card into the hosted frame (Aurus or Express: the same form). */
  async enterCard(number: string, expiry = '12/34', cvv = '123'): Promise<void> {
    const frame = this.cardFrame;
    await frame.getByLabel('Card number').fill(number);
    await frame.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await frame.getByLabel('Security code (CVV)').fill(cvv);
    await frame.getByLabel('Security code (CVV)').blur();
  }

  /**
   * How the card frame uses its height: the frame's height on the page, whether its content overflows it, and
   * its emptiest band (the tallest vertical run, in CSS px, with no text, input or button in it: between two of
   * them, or under the last one). Reserved error lines and padding count as empty.
   */
  async cardFrameLayout(): Promise<{ frameHeight: number; overflows: boolean; emptiestBand: number }> {
    const box = await this.page.locator('iframe[title="Credit card payment form"]').boundingBox();
    const inner = await this.cardFrame.locator('body').evaluate(() => {
      const rects = [...document.querySelectorAll('h1, label, input, button, li, p')]
        .filter((el) => el.tagName === 'INPUT' || el.tagName === 'BUTTON' || el.textContent?.trim())
        .map((el) => el.getBoundingClientRect())
        .filter((r) => r.width > 0 && r.height > 0)
        .sort((a, b) => a.top - b.top);
      let reached = 0;
      let band = 0;
      for (const r of rects) {
        band = Math.max(band, r.top - reached);
        reached = Math.max(reached, r.bottom);
      }
      band = Math.max(band, window.innerHeight - reached);
      return { band, overflows: document.documentElement.scrollHeight > window.innerHeight };
    });
    return { frameHeight: box?.height ?? 0, overflows: inner.overflows, emptiestBand: inner.band };
  }

  async pay(): Promise<void> {
    await expect(this.placeOrder).toBeEnabled();
    await this.placeOrder.click();
  }

  /** The order went through: the tracking page after 'Payment approved!'. */
  async expectPlaced(): Promise<void> {
    await expect(this.page).toHaveURL(/\/order-tracking/, { timeout: 45_000 });
    await expect(this.page.getByText('Thanks For Your Order!')).toBeVisible();
  }
}
