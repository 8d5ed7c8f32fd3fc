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

  async add() {
    await expect(this.addButton).toBeEnabled();
    await this.addButton.click();
  }
}
