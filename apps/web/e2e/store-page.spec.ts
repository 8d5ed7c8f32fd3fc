import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { closePromoPopup, skipPromoPopup, waitForPromoReset } from './pages/promo-popup';
import { StorePage, scheduleIfStoreClosed } from './pages/store-page';

const MOBILE = { width: 390, height: 844 };

async function addSimpleItem(page: Page, title: string, menuPath: RegExp) {
  const escaped = title.replace(/[()]/g, '\\$&');
  await page
    .getByRole('link', { name: new RegExp(escaped) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await new ItemPage(page).add();
  await expect(page).toHaveURL(menuPath);
  await new StorePage(page).expectLine(new RegExp(`1 x ${escaped}`));
}

/** Store info: address, phone, hours per day with today marked, upcoming holidays (seeded in the coming weeks). */
test('store info shows hours and upcoming holidays, on desktop and mobile', async ({ page }) => {
  await skipPromoPopup(page);
  await page.goto('/8/menu');
  await scheduleIfStoreClosed(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Union Market Food Hall' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Do you need catering?' })).toBeVisible();
  await expectNoAxeViolations(page, 'store page (food hall)');

  await page.getByRole('button', { name: 'Store info' }).click();
  const info = page.getByRole('dialog', { name: 'Union Market Food Hall' });
  await expect(info.getByText('1309 5th St NE', { exact: false })).toBeVisible();
  await expect(info.getByRole('link', { name: '(202) 555-0136' })).toBeVisible();
  const hours = info.getByRole('region', { name: 'Business hours' });
  await expect(hours.getByRole('listitem')).toHaveCount(7);
  await expect(hours.locator('[aria-current="date"]')).toHaveCount(1);
  await expect(hours.locator('[aria-current="date"]')).toContainText('(Today)');
  await expect(hours.getByRole('listitem').filter({ hasText: 'Monday' })).toContainText('11:00 AM - 3:00 PM');
  await expect(hours.getByRole('listitem').filter({ hasText: 'Monday' })).toContainText('5:00 PM - 10:00 PM');
  const holidays = info.getByRole('region', { name: 'Upcoming holidays' });
  await expect(holidays.getByRole('listitem').filter({ hasText: 'Staff Training Day' })).toContainText(
    'CLOSED',
  );
  await expect(holidays.getByRole('listitem').filter({ hasText: 'Neighborhood Festival' })).toContainText(
    '12:00 PM - 6:00 PM',
  );
  await expect(info.getByRole('link', { name: 'Change location' })).toBeVisible();
  await expectNoAxeViolations(page, 'store info modal (desktop)');
  await page.keyboard.press('Escape');
  await expect(info).toBeHidden();

  // The header collapses into the sticky island after 105 px of scroll.
  await expect(page.getByTestId('store-island')).toHaveCount(0);
  await page.mouse.wheel(0, 600);
  await expect(page.getByTestId('store-island')).toBeVisible();
  await expect(page.getByTestId('store-island')).toContainText('Union Market Food Hall');
  await expectNoAxeViolations(page, 'store page (collapsed header)');

  // The categories list modal with item counts.
  await page.getByRole('button', { name: 'All categories' }).click();
  const categories = page.getByRole('dialog', { name: 'Categories' });
  await expect(categories.getByRole('link', { name: /Drinks \d+ items?/ })).toBeVisible();
  await expectNoAxeViolations(page, 'categories list modal');
  await categories.getByRole('link', { name: /Drinks/ }).click();
  await expect(categories).toBeHidden();
  await expect(
    page.getByRole('navigation', { name: 'Menu categories' }).getByRole('link', { name: 'Drinks' }),
  ).toHaveAttribute('aria-current', 'true');

  await page.setViewportSize(MOBILE);
  await page.goto('/8/menu');
  await scheduleIfStoreClosed(page);
  await page.getByRole('button', { name: 'Store info' }).click();
  await expect(page.getByRole('dialog', { name: 'Union Market Food Hall' })).toBeVisible();
  await expectNoAxeViolations(page, 'store info modal (mobile)');
});

/** The catering switch: prompt, order reset, catering token, catering menu; then the leave warnings. */
test('switching to catering resets the order and orders with the catering menu', async ({
  page,
  context,
}) => {
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  const alert = page.getByRole('region', { name: 'Store alert' });
  await expect(alert).toContainText('Pickup entrance moved');
  await addSimpleItem(page, 'Iced Tea', /\/1\/menu$/);

  await page.getByRole('button', { name: 'Do you need catering?' }).click();
  const prompt = page.getByRole('dialog', { name: 'Do you need catering?' });
  await expect(prompt).toContainText('You will lose your current order');
  await expectNoAxeViolations(page, 'catering prompt');
  await prompt.getByRole('button', { name: 'Stay Here' }).click();
  await expect(prompt).toBeHidden();
  await page.getByRole('button', { name: 'Do you need catering?' }).click();
  await page.getByRole('button', { name: 'Go to Catering' }).click();

  await expect(page).toHaveURL(/\/1\/catering$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Boxed Meals' })).toBeVisible();
  const store = new StorePage(page);
  await expect(store.myOrder.getByText('Your order will be shown here!')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'sf_ct')?.value).toBe('106');
  await expect(page.getByRole('button', { name: 'Not interested in catering?' })).toBeVisible();
  await expectNoAxeViolations(page, 'catering menu');

  await addSimpleItem(page, 'Cookie Platter (24)', /\/1\/catering$/);
  // Checkout links back to the catering menu the order comes from.
  await page.goto('/checkout');
  await expect(page.getByRole('link', { name: 'Back to Menu' })).toHaveAttribute('href', '/1/catering');
  await page.goto('/1/catering');

  // Leaving the location with items: the logo asks 'Leave the order?'.
  await page.getByRole('link', { name: /home$/ }).click();
  const leave = page.getByRole('dialog', { name: 'Leave the order?' });
  await expect(leave).toContainText(
    'You are about to exit from the current location and you will miss your order.',
  );
  await expectNoAxeViolations(page, 'leave warning');
  await leave.getByRole('button', { name: 'Stay Here' }).click();
  await expect(page).toHaveURL(/\/1\/catering$/);

  // 'Change location' asks its own question; confirming drops the order.
  await page.getByRole('link', { name: 'Change location' }).click();
  const change = page.getByRole('dialog', { name: 'Change location' });
  await expect(change).toContainText(
    'Are you sure you want to change the location? You will lose the current order',
  );
  await change.getByRole('button', { name: 'Change location' }).click();
  await expect(page).toHaveURL(/\/search-locations$/);
  await waitForPromoReset(page);
  await page.goto('/1/catering');
  // The search page reset the promo flag: the popup is due once more.
  await closePromoPopup(page);
  await expect(new StorePage(page).myOrder.getByText('Your order will be shown here!')).toBeVisible();

  // Back on the main menu, a web token again.
  await page.getByRole('button', { name: 'Not interested in catering?' }).click();
  await page.getByRole('button', { name: 'Go to Menu' }).click();
  await expect(page).toHaveURL(/\/1\/menu$/);
  expect((await context.cookies()).find((c) => c.name === 'sf_ct')?.value).toBe('107');
});

test("the browser's Back button with items in the order asks first; Leave drops the order and goes back", async ({
  page,
}) => {
  await skipPromoPopup(page);
  await page.goto('/search-locations');
  await waitForPromoReset(page);
  await page.goto('/1/menu');
  // The search page reset the promo flag: the popup is due once.
  await closePromoPopup(page);
  await addSimpleItem(page, 'Iced Tea', /\/1\/menu$/);
  // Back first returns to the item page (inside the location: no question), then from the menu it would leave.
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Iced Tea' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/1\/menu$/);
  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Leave the order?' });
  await expect(leave).toBeVisible();
  await expect(page).toHaveURL(/\/1\/menu$/);
  // Stay Here keeps the page and the order; asked again, Leave goes where Back was going.
  await leave.getByRole('button', { name: 'Stay Here' }).click();
  await expect(leave).toBeHidden();
  await new StorePage(page).expectLine(/1 x Iced Tea/);
  await page.goBack();
  await leave.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(/\/search-locations$/);
  await waitForPromoReset(page);
  await page.goto('/1/menu');
  await closePromoPopup(page);
  await expect(new StorePage(page).myOrder.getByText('Your order will be shown here!')).toBeVisible();
});
