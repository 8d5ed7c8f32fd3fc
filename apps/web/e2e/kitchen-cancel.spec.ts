import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { KitchenScreen, placeGuestOrderForTracking, uniqueFirstName } from './pages/kitchen-h5';

/**
 * Issue 35: an order cancelled from the kitchen before completion. The guest watches the tracking page while the
 * kitchen cancels the order (after a confirmation); the ticket leaves the active rails for the Cancelled column,
 * and the guest's page says the order was cancelled and the payment returned, and stops polling.
 */
test('the kitchen cancels an order and the guest tracking page says so', async ({
  page,
  browser,
  request,
}) => {
  const firstName = uniqueFirstName('Cancel');
  const { trackingUrl } = await placeGuestOrderForTracking(request, {
    locationId: 1,
    firstName,
    quantity: 2,
  });

  // The guest follows the order.
  await page.goto(trackingUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Track your Order' })).toBeVisible();
  await expect(page.getByTestId('order-status')).toBeVisible();
  await expect(page.getByTestId('order-cancelled')).toHaveCount(0);

  // The kitchen cancels it. Two more orders make the Received rail longer than the screen: it keeps its height
  // and scrolls on its own instead of making the board a long page.
  await Promise.all(
    ['Rail', 'Rail'].map((base) =>
      placeGuestOrderForTracking(request, { locationId: 1, firstName: uniqueFirstName(base), quantity: 1 }),
    ),
  );
  const kitchenContext = await browser.newContext({ viewport: { width: 1024, height: 600 } });
  const kitchenPage = await kitchenContext.newPage();
  const kitchen = new KitchenScreen(kitchenPage);
  await kitchen.signIn(1);
  const ticket = kitchen.ticket(firstName);
  await expect(ticket).toBeVisible();
  const receivedRail = kitchenPage.getByRole('group', { name: 'Received orders' });
  await expect(receivedRail.getByRole('article')).not.toHaveCount(0);
  const rail = await receivedRail.evaluate((el) => ({
    overflows: el.scrollHeight > el.clientHeight,
    columnHeight: el.parentElement?.getBoundingClientRect().height ?? Infinity,
  }));
  expect(rail.overflows).toBe(true);
  expect(rail.columnHeight).toBeLessThanOrEqual(600);
  const heading = (await ticket.getByRole('heading').first().textContent()) ?? '';
  const reference = /#(\d+-[A-Z0-9]{4})/.exec(heading)?.[1] ?? heading;
  await ticket.getByRole('button', { name: `Cancel order ${reference}` }).click();
  const dialog = kitchenPage.getByRole('dialog', { name: `Cancel order ${reference}?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(kitchenPage, 'kitchen cancel confirmation');
  // 'Keep order' leaves it as it was.
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(ticket.getByRole('button', { name: /Start preparing/ })).toBeVisible();
  await ticket.getByRole('button', { name: `Cancel order ${reference}` }).click();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  // The toast (its screen-reader copy in the live region says 'Notification …' before it).
  await expect(
    kitchenPage.getByText('Order cancelled. The payment was returned to the guest.', { exact: true }),
  ).toBeVisible();
  // Off the active rails, into the Cancelled column, with nothing left to press.
  const cancelledColumn = kitchenPage.getByRole('region', { name: 'Cancelled' });
  const received = kitchenPage.getByRole('region', { name: 'Received' });
  await expect(cancelledColumn.getByRole('article').filter({ hasText: `${firstName} Tester` })).toBeVisible();
  await expect(received.getByRole('article').filter({ hasText: `${firstName} Tester` })).toHaveCount(0);
  const cancelledTicket = cancelledColumn.getByRole('article').filter({ hasText: `${firstName} Tester` });
  await expect(cancelledTicket.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(cancelledTicket.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(kitchenPage, 'kitchen with a cancelled order');
  await kitchenContext.close();

  // The guest's page polls when the window regains focus: it learns of the cancellation and says so.
  const polls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/status')) polls.push(r.url());
  });
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const notice = page.getByTestId('order-cancelled');
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('heading', { name: 'Your order was cancelled' })).toBeVisible();
  await expect(notice).toContainText('cancelled this order at');
  await expect(notice).toContainText('Your payment has been returned to you.');
  await expect(page.getByTestId('order-status')).toHaveCount(0);
  await expectNoAxeViolations(page, 'tracking page of a cancelled order');
  // Polling has stopped: focus again asks nothing.
  const asked = polls.length;
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForTimeout(500);
  expect(polls.length).toBe(asked);

  // A fresh load of the link says the same.
  await page.reload();
  await expect(page.getByTestId('order-cancelled')).toContainText('Your order was cancelled');
});
