import { expect, type Page } from '@playwright/test';

export class PaymentPage {
  constructor(private readonly page: Page) {}

  get frame() {
    return this.page.frameLocator('iframe[title]');
  }

  get placeOrder() {
    return this.page.getByRole('button', { name: 'Place Order' });
  }

  async enterCard(number: string, expiry = '12/34', cvv = '123') {
    const frame = this.frame;
    await frame.getByLabel('Card number').fill(number);
    await frame.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await frame.getByLabel('Security code (CVV)').fill(cvv);
    await frame.getByLabel('Security code (CVV)').blur();
  }

  async pay() {
    await expect(this.placeOrder).toBeEnabled();
    await this.placeOrder.click();
  }
}
