import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

/**
 * The item page at full fidelity (issue 3): a modifier nested three levels deep built and priced (the price on
 * the button is the API's), the image grid operated with the keyboard, and a combo transition.
 */
test('a three-level nested modifier is built, priced as the API prices it, and added', async ({ page }) => {
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  const store = new StorePage(page);
  const item = new ItemPage(page);
  await store.openItem('Game Day Bundle');
  await expectNoAxeViolations(page, 'item page (three levels)');

  // Choosing a modifier with groups of its own swaps the form for its panel (so click, not check)
  await item
    .group('Choose a platter')
    .getByRole('radio', { name: /Wings platter/ })
    .click();
  const level1 = page.getByRole('region', { name: 'Wings platter' });
  await expect(level1.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expectNoAxeViolations(page, 'nested panel (level 1)');

  await level1.getByRole('radio', { name: /Buffalo/ }).click();
  const level2 = page.getByRole('region', { name: 'Buffalo' });
  await expect(level2.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await expectNoAxeViolations(page, 'nested panel (level 2)');
  await level2.getByRole('radio', { name: /Inferno/ }).check();
  await level2.getByRole('button', { name: 'Confirm' }).click();
  await expect(level1.getByText('Inferno')).toBeVisible();
  await level1.getByRole('button', { name: 'Confirm' }).click();

  await expect(page.getByText('Buffalo, Inferno')).toBeVisible();
  // 29.99 + Inferno 0.50; the polite status speaks only the API's confirmed answer
  await expect(page.getByTestId('item-price')).toHaveText('$30.49');
  await expect(page.locator('#item-price-status')).toHaveText('Price $30.49');
  await item.add();
  await expect(page).toHaveURL(/\/1\/menu$/);
  await store.expectLine(/1 x Game Day Bundle/);
  await expect(store.myOrder.getByText('$30.49').first()).toBeVisible();
});

test('the image grid works with the keyboard and a burger becomes a combo in one press', async ({ page }) => {
  await skipPromoPopup(page);
  await page.goto('/1/menu/1-10-101');
  const item = new ItemPage(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Classic Burger' })).toBeVisible();

  // Image grid (Toppings): tiles with 192x144 pictures; Space ticks the focused tile
  const toppings = item.group('Toppings');
  await expect(toppings.locator('ul[data-layout="image-grid"] img').first()).toHaveAttribute('width', '192');
  const lettuce = toppings.getByRole('checkbox', { name: /Lettuce/ });
  await lettuce.focus();
  await page.keyboard.press('Space');
  await expect(lettuce).toBeChecked();
  await expectNoAxeViolations(page, 'item page (image grid selected)');

  // Cheese (standard radios): arrow keys move the choice
  await item
    .group('Cheese')
    .getByRole('radio', { name: /American/ })
    .focus();
  await page.keyboard.press('ArrowDown');
  await expect(item.group('Cheese').getByRole('radio', { name: /Sharp cheddar/ })).toBeChecked();

  // The combo offer under the title says the difference for the burger as chosen; one press goes there
  const offer = page.getByRole('button', { name: 'Make it a combo +$5.50' });
  // Since 259abb0 the combo's name sits beside the button, in the card the button covers (axe
  // label-content-name-mismatch), and describes the button (aria-describedby).
  await expect(offer).toHaveAccessibleDescription(/Classic Burger Combo/);
  await expectNoAxeViolations(page, 'item page with the combo offer');
  await offer.click();

  await expect(page).toHaveURL(/\/1\/menu\/1-10-106\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Burger Combo' })).toBeVisible();
  // The burger's cheese came along to the combo's burger
  const burger = item.group('Choose your burger');
  await expect(burger.getByRole('radio', { name: /Classic Burger/ })).toBeChecked();
  await expect(burger.getByText('Sharp cheddar')).toBeVisible();
  await item
    .group('Choose a side')
    .getByRole('radio', { name: /Side salad/ })
    .click();
  const salad = page.getByRole('region', { name: 'Side salad' });
  await salad.getByRole('radio', { name: /Ranch/ }).check();
  await salad.getByRole('button', { name: 'Confirm' }).click();
  await item.choose('Choose a drink', 'Bottled water');
  await expect(page.locator('#item-price-status')).toHaveText('Price $14.99');
  await expectNoAxeViolations(page, 'combo page (condensed drinks)');
  await item.add();
  await expect(page).toHaveURL(/\/1\/menu$/);
  await new StorePage(page).expectLine(/1 x Burger Combo/);
});
