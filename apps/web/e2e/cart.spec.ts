import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { fillContact } from './pages/checkout-form';
import { ItemPage } from './pages/item-page';
import { skipPromoPopup } from './pages/promo-popup';
import { StorePage } from './pages/store-page';

/**
 * The My Order panel (issue 4): the quantity picker sends a burst of clicks once after 3 s, minus at 1 asks
 * before deleting (Cancel keeps 1), 'Include Utensils' is kept on the order.
 */
test('a guest changes quantities in My Order, keeps a line on Cancel, deletes it and asks for utensils', async ({
  page,
}) => {
  await skipPromoPopup(page);
  await page.goto('/1/menu');
  const store = new StorePage(page);
  await store.openItem('Classic Burger');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Classic Burger/);
  const subtotalOfOne = await store.subtotal();
  // A second item: its own line, and the subtotal grows by its price.
  await store.openItem('Garden Veggie Burger');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Garden Veggie Burger/);
  const subtotalOfTwo = await store.subtotal();
  expect(subtotalOfTwo).toBeGreaterThan(subtotalOfOne);
  const veggie = subtotalOfTwo - subtotalOfOne;

  const picker = store.myOrder.getByRole('group', { name: 'Quantity of Classic Burger' });
  await picker.getByRole('button', { name: 'Increase quantity' }).click();
  await picker.getByRole('button', { name: 'Increase quantity' }).click();
  // The count shows at once; the order changes only after the 3-second pause.
  await expect(picker.locator('output')).toHaveText('3');
  await expect(store.myOrder.getByText(/1 x Classic Burger/)).toBeVisible();
  await store.expectLine(/3 x Classic Burger/);
  expect(await store.subtotal()).toBeCloseTo(subtotalOfOne * 3 + veggie, 2);

  await picker.getByRole('button', { name: 'Decrease quantity' }).click();
  await picker.getByRole('button', { name: 'Decrease quantity' }).click();
  await store.expectLine(/1 x Classic Burger/);

  // Minus at 1: the delete confirmation; Cancel restores 1.
  await picker.getByRole('button', { name: 'Decrease quantity' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete item' });
  await expect(confirm.getByText('Are you sure you want to delete Classic Burger?')).toBeVisible();
  await expectNoAxeViolations(page, 'delete item confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(picker.locator('output')).toHaveText('1');
  await expect(picker.getByRole('button', { name: 'Decrease quantity' })).toBeFocused();

  // Include Utensils is saved on the order and still ticked after a reload.
  const utensils = store.myOrder.getByRole('checkbox', { name: 'Include Utensils' });
  await utensils.check();
  await expect(utensils).toBeEnabled();
  await page.reload();
  await expect(store.myOrder.getByRole('checkbox', { name: 'Include Utensils' })).toBeChecked();
  await expectNoAxeViolations(page, 'store menu with the order');

  await store.myOrder
    .getByRole('group', { name: 'Quantity of Classic Burger' })
    .getByRole('button', { name: 'Decrease quantity' })
    .click();
  await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete' }).click();
  await expect(store.myOrder.getByText(/Classic Burger/)).toHaveCount(0);
  await store.expectLine(/1 x Garden Veggie Burger/);
  expect(await store.subtotal()).toBeCloseTo(veggie, 2);
  await store.myOrder
    .getByRole('group', { name: 'Quantity of Garden Veggie Burger' })
    .getByRole('button', { name: 'Decrease quantity' })
    .click();
  await page.getByRole('dialog', { name: 'Delete item' }).getByRole('button', { name: 'Delete' }).click();
  await expect(store.myOrder.getByText('Your order will be shown here!')).toBeVisible();
});

test("a store with a minimum order amount answers 'Order Total issue!' at checkout", async ({ page }) => {
  await skipPromoPopup(page);
  // Gaithersburg (location 6) asks for at least $10.00; one Classic Burger is less.
  await page.goto('/6/menu');
  const store = new StorePage(page);
  await store.openItem('Classic Burger');
  await new ItemPage(page).add();
  await store.expectLine(/1 x Classic Burger/);
  expect(await store.subtotal()).toBeLessThan(10);
  await store.myOrder.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await fillContact(page, {
    firstName: 'Grace',
    lastName: 'Hopper',
    phone: '(202) 555-0177',
    email: 'grace@example.com',
  });
  await page.getByRole('button', { name: 'Confirm Order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Order Total issue!' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('The minimum order amount is $10.00 (21040)')).toBeVisible();
  await expectNoAxeViolations(page, 'order total issue');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
});
