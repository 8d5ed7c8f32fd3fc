import { expect, type Locator, type Page } from '@playwright/test';

/** The demo customer (apps/api/src/db/seed/customers.ts): seven past orders, the latest at Dupont Circle. */
export const DEMO_CUSTOMER = {
  email: 'demo@storefront.test',
  password: 'Demo1234!',
  firstName: 'Dana',
} as const;

/** A Pixel 7 (412x915) as a phone: its user agent makes /my-account the menu and order details a page. */
export const PHONE = {
  viewport: { width: 412, height: 915 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  deviceScaleFactor: 2.625,
  isMobile: true,
  hasTouch: true,
} as const;

/** My account's pages: the menu, Personal info and Order History with its cards and dialogs. */
export class AccountPages {
  constructor(private readonly page: Page) {}

  get menu(): Locator {
    return this.page.getByRole('navigation', { name: 'My account' });
  }

  get greeting(): Locator {
    return this.page.getByRole('heading', { level: 1, name: /^Hi, / });
  }

  /** The order history's cards (one article per past order). */
  get orderCards(): Locator {
    return this.page.getByRole('main').getByRole('article');
  }

  get moreOrders(): Locator {
    return this.page.getByRole('button', { name: 'More Orders' });
  }

  field(label: string): Locator {
    return this.page.getByRole('main').getByLabel(label, { exact: true });
  }

  get saveButton(): Locator {
    return this.page.getByRole('main').getByRole('button', { name: 'Save' });
  }

  async openOrderHistory(): Promise<void> {
    await this.page.goto('/my-account/order-history');
    await expect(this.page.getByRole('heading', { level: 2, name: 'Order History' })).toBeVisible();
    await expect(this.orderCards.first()).toBeVisible();
  }

  /** 'Repeat Order' on a card, confirmed in its dialog. */
  async repeatOrder(card: Locator): Promise<void> {
    await card.getByRole('button', { name: 'Repeat Order' }).click();
    const confirm = this.page.getByRole('dialog', { name: 'Repeat Order' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Repeat Order' }).click();
  }

  missingItemsDialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Missing items' });
  }
}
