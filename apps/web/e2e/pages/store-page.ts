import { expect, type Page } from '@playwright/test';

export class StorePage {
  constructor(private readonly page: Page) {}

  get myOrder() {
    return this.page.getByRole('complementary', { name: 'My Order' });
  }

  async openItem(title: string) {
    await this.page
      .getByRole('link', { name: new RegExp(title) })
      .first()
      .click();
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  async expectLine(text: RegExp) {
    await expect(this.myOrder.getByText(text)).toBeVisible();
  }

  /** The My Order panel's Subtotal in dollars. */
  async subtotal(): Promise<number> {
    const row = this.myOrder.locator('div', { hasText: /^Subtotal/ }).last();
    const text = (await row.textContent()) ?? '';
    const match = /\$\s*([\d,]+\.\d{2})/.exec(text);
    if (!match?.[1]) throw new Error(`No subtotal in '${text}'`);
    return Number(match[1].replace(/,/g, ''));
  }
}
