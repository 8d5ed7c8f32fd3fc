import { expect, type Page } from '@playwright/test';

export class StorePage {
  constructor(private readonly page: Page) {}

  get myOrder() {
    return this.page.getByRole('complementary', { name: 'My Order' });
  }

  /** The bag: the My Order bar at the bottom of a phone's screen, the My Order panel on wider screens. */
  bag(phone: boolean) {
    return phone ? this.page.getByRole('button', { name: /^My Order/ }) : this.myOrder;
  }

  /** The category the bar marks as being read (its title), null when none is marked. */
  async activeCategory(): Promise<string | null> {
    const current = this.page
      .getByRole('navigation', { name: 'Menu categories' })
      .locator('a[aria-current="true"]');
    return (await current.count()) === 0 ? null : current.first().textContent();
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

  /** A line of My Order by its exact label ('2 x Burger Combo'): its price, customizations and Edit link. */
  line(label: string) {
    return this.myOrder
      .getByRole('listitem')
      .filter({ has: this.page.getByText(label, { exact: true }) })
      .first();
  }

  /** Opens the item page for a line of My Order (its Edit link). */
  async editLine(title: string) {
    await this.myOrder.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
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

/**
 * Stores with real opening hours (the food hall) open 'Store Closed!' outside them: journeys that are not about
 * it schedule the first offered time, so they run the same by day and by night. Whether the prompt is due is
 * read from the server's HTML (`data-store-prompt` on the page's main): the dialog itself opens only once its
 * code has loaded after hydration, which on a busy machine can be well after the network went quiet.
 */
export async function scheduleIfStoreClosed(page: Page) {
  const prompt = await page.locator('main[data-store-prompt]').first().getAttribute('data-store-prompt');
  if (prompt !== 'closed-schedule') return;
  const closed = page.getByRole('dialog', { name: 'Store Closed!' });
  await closed.getByRole('button', { name: 'Schedule an Order' }).click();
  const schedule = page.getByRole('dialog', { name: /Time$/ });
  const time = schedule.getByLabel('Time');
  await expect(time.locator('option').nth(1)).toBeAttached();
  await time.selectOption({ index: 1 });
  await schedule.getByRole('button', { name: 'Save changes' }).click();
  await expect(schedule).toBeHidden();
  await expect(closed).toBeHidden();
}
