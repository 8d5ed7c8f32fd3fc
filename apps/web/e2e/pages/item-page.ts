import { expect, type Page } from '@playwright/test';

export class ItemPage {
  constructor(private readonly page: Page) {}

  get addButton() {
    return this.page.getByRole('button', { name: /Add to Order/ });
  }

  group(name: string) {
    return this.page.getByRole('group', { name });
  }

  async choose(group: string, option: string) {
    await this.group(group).getByRole('radio', { name: option }).check();
  }

  async tick(group: string, option: string) {
    await this.group(group).getByRole('checkbox', { name: option }).check();
  }

  /** One more of the item, with its own quantity stepper (the page's first 'Quantity' group). */
  async increaseQuantity() {
    await this.page
      .getByRole('group', { name: 'Quantity' })
      .first()
      .getByRole('button', { name: 'Increase quantity' })
      .click();
  }

  async add() {
    await expect(this.addButton).toBeEnabled();
    await this.addButton.click();
  }

  /** Editing an order line (?instance=): 'Save Changes' with the live price. */
  get saveButton() {
    return this.page.getByRole('button', { name: /Save Changes/ });
  }

  async save() {
    await expect(this.saveButton).toBeEnabled();
    await this.saveButton.click();
  }

  /** The price the API confirmed for the current selection (the polite status next to the button). */
  get confirmedPrice() {
    return this.page.locator('#item-price-status');
  }

  /** The offer under the title to turn the item into its combo ('Make it a combo +$5.50'): one press goes there. */
  comboOffer(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  /** With several items to turn into: opens the chooser and picks one in the 'Select One' dialog. */
  async chooseTransition(button: string, option: string) {
    await this.page.getByRole('button', { name: button }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Select One' });
    await dialog.getByRole('radio', { name: option }).check();
    return dialog;
  }
}
