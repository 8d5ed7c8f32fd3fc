import { expect, type Page } from '@playwright/test';

/** The postal code the sandbox's address verification accepts (apps/api sandbox processor; 99999 fails AVS). */
export const GOOD_POSTAL_CODE = '20036';

export class PaymentPage {
  constructor(private readonly page: Page) {}

  get frame() {
    return this.page.frameLocator('iframe[title="Credit card payment form"]');
  }

  get placeOrder() {
    return this.page.getByRole('button', { name: /^Place Order/ });
  }

  /**
   * The new card's billing address when the store verifies one (every demo card method checks the postal code)
   * and none is given yet: 'Add billing address', the postal code (and the rest when asked), Save.
   */
  async ensureBillingAddress(postalCode = GOOD_POSTAL_CODE) {
    const add = this.page.getByRole('button', { name: 'Add billing address' });
    if (!(await add.isVisible())) return;
    await add.click();
    const dialog = this.page.getByRole('dialog', { name: 'Billing Address' });
    // Every level asks for the postal code: once it is there, the modal shows all the fields it will.
    await expect(dialog.getByLabel('Postal Code', { exact: true })).toBeVisible();
    const fields: [string, string][] = [
      ['Address', '1 Dupont Circle NW'],
      ['City', 'Washington'],
      ['State', 'DC'],
      ['Postal Code', postalCode],
    ];
    for (const [label, value] of fields) {
      const input = dialog.getByLabel(label, { exact: true });
      if (await input.isVisible()) await input.fill(value);
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
  }

  async enterCard(number: string, expiry = '12/34', cvv = '123') {
    const frame = this.frame;
    await frame.getByLabel('Card number').fill(number);
    await frame.getByLabel('Expiry date (MM/YY)').fill(expiry);
    await frame.getByLabel('Security code (CVV)').fill(cvv);
    await frame.getByLabel('Security code (CVV)').blur();
    await this.ensureBillingAddress();
  }

  async pay() {
    await expect(this.placeOrder).toBeEnabled();
    await this.placeOrder.click();
  }
}
