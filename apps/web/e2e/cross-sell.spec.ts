import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

/**
 * Cross-sell in the demo data: the Crispy Chicken Sandwich offers five sides, drinks and a cookie once added
 * ('Complete Your Meal!', a carousel); Fries at checkout offer three drinks ('Something to drink?').
 */
test.beforeEach(async ({ page }) => {
  await skipPromoPopup(page);
});

const summaryRow = (page: Page, title: string) =>
  page.locator('dl, ul').getByText(new RegExp(`\\b${title}\\b`));

test('a cross-sell item added from checkout: the offer shows once on the way, an item goes straight in', async ({
  page,
}) => {
  await page.goto('/1/menu');
  const store = new StorePage(page);
  await store.openItem('Fries');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Fries/);
  // Fries trigger at checkout only: nothing was offered on adding them.
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await store.myOrder.getByRole('link', { name: 'Checkout' }).click();
  const offer = page.getByRole('dialog', { name: 'Something to drink?' });
  await expect(offer).toBeVisible();
  await expect(offer.getByText('A cold drink goes with every order of fries.')).toBeVisible();
  const items = offer.getByRole('list', { name: 'Suggested items' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  // Three items: no carousel.
  await expect(offer.getByRole('button', { name: 'Next items' })).toHaveCount(0);
  // Up to three items the modal stays narrow (36rem).
  expect((await offer.boundingBox())?.width).toBeLessThanOrEqual(576);
  await expectNoAxeViolations(page, 'checkout cross-sell');

  await offer.getByRole('button', { name: 'Add Iced Tea' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(summaryRow(page, 'Iced Tea').first()).toBeVisible();
  await expect(summaryRow(page, 'Fries').first()).toBeVisible();

  // Back on the menu, Checkout goes straight on: the offer was already made for this order.
  await page.goto('/1/menu');
  await store.myOrder.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('adding an AddItem trigger offers sides: a direct add, then a customised one that ends at checkout', async ({
  page,
}) => {
  await page.goto('/1/menu');
  const store = new StorePage(page);
  await store.openItem('Crispy Chicken Sandwich');
  await new ItemPage(page).add();

  const offer = page.getByRole('dialog', { name: 'Complete Your Meal!' });
  await expect(offer).toBeVisible();
  await expect(
    offer.getByText('Explore sides, drinks, and more to perfectly complement your dish'),
  ).toBeVisible();
  // The one-off addedItemId is dropped from the address.
  await expect(page).toHaveURL(/\/1\/menu$/);
  const list = offer.getByRole('list', { name: 'Suggested items' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  // More than four: a carousel with its buttons.
  const next = offer.getByRole('button', { name: 'Next items' });
  await expect(next).toBeVisible();
  // More than three: the wide modal (48rem).
  expect((await offer.boundingBox())?.width).toBeGreaterThan(700);
  const scrolled = await list.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(scrolled).toBe(true);
  await next.click();
  await expect.poll(() => list.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expectNoAxeViolations(page, 'cross-sell after adding');

  await offer.getByRole('button', { name: 'Add Onion Rings' }).click();
  await expect(offer.getByRole('status').filter({ hasText: 'Added' })).toBeVisible();
  await expect(offer.getByRole('button', { name: 'Done' })).toBeVisible();
  // The page refreshed behind the offer (My Order lists the side); the offer stays and the address stays clean.
  const myOrder = page.getByRole('complementary', { name: 'My Order', includeHidden: true });
  await expect(myOrder.getByText('Onion Rings').first()).toBeVisible();
  await expect(offer).toBeVisible();
  await expect(page).toHaveURL(/\/1\/menu$/);

  await offer.getByRole('link', { name: 'Customize Fountain Soda' }).click();
  await expect(page).toHaveURL(/\/1\/menu\/[\d-]+\?crossSellId=xs-sandwich-sides&next=checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fountain Soda' })).toBeVisible();
  const item = new ItemPage(page);
  const flavor = item.group('Flavor').getByRole('radio').first();
  await flavor.check();
  await item.add();
  await expect(page).toHaveURL(/\/checkout$/);
  for (const title of ['Crispy Chicken Sandwich', 'Onion Rings', 'Fountain Soda'])
    await expect(summaryRow(page, title).first()).toBeVisible();
});
