import { expect, type Page } from '@playwright/test';

export class SearchPage {
  constructor(private readonly page: Page) {}

  get input() {
    return this.page.getByRole('combobox');
  }

  async searchFor(text: string, suggestion: RegExp) {
    await this.input.fill(text);
    const option = this.page.getByRole('option', { name: suggestion }).first();
    await expect(option).toBeVisible();
    await option.click();
  }

  resultsHeading() {
    return this.page.getByRole('heading', {
      name: /(One Location|\d+ Locations) for Pickup within 25 miles/,
    });
  }

  store(name: string) {
    return this.page.getByRole('listitem').filter({ hasText: name });
  }

  /** Follows a result's link to its store page. */
  async openStore(name: string) {
    await this.store(name).getByRole('link', { name }).click();
  }
}
