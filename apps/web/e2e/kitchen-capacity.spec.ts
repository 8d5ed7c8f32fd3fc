import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './pages/axe';
import { skipPromoPopup } from './pages/promo-popup';

/** The kitchen screen shows its capacity per slot and pauses online ordering; guests see the store offline. */
test('the kitchen pauses online ordering and guests see the store offline until it resumes', async ({
  page,
  browser,
}) => {
  await page.goto('/kitchen');
  await page.getByLabel('Staff key').fill('e2e-staff-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Frederick has a tight kitchen in the demo.
  await page.getByLabel('Location').selectOption('9');
  const load = page.getByRole('region', { name: /Kitchen load/ });
  await expect(load.getByText('Pickup: 2 orders, 10 items per 15 minutes')).toBeVisible();
  await expect(page.getByText('Online ordering is on')).toBeVisible();

  await page.getByRole('button', { name: 'Pause online ordering' }).click();
  const confirm = page.getByRole('dialog', { name: 'Pause online ordering?' });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'kitchen pause confirmation');
  await confirm.getByRole('button', { name: 'Pause' }).click();
  await expect(page.getByText('Online ordering is paused')).toBeVisible();
  await expectNoAxeViolations(page, 'kitchen (paused)');

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await skipPromoPopup(guest);
  await guest.goto('/9/menu');
  await expect(guest.getByRole('dialog', { name: 'Store is offline' })).toBeVisible();

  await page.getByRole('button', { name: 'Resume online ordering' }).click();
  await expect(page.getByText('Online ordering is on')).toBeVisible();
  // The store catalogue is cached for up to 10 s per API process; the pause itself is read fresh.
  await expect(async () => {
    await guest.goto('/9/menu');
    // The store page is back (Frederick keeps regular hours: a closed-store prompt may cover it at night).
    await expect(guest.locator('#store-name')).toHaveText('Capital Kitchen - Frederick');
    await expect(guest.getByRole('dialog', { name: 'Store is offline' })).toHaveCount(0);
  }).toPass({ timeout: 30_000 });
  await guestContext.close();

  // The screen keeps a staff session, never the key; signing out ends the session itself, so a copy of the
  // cookie taken before opens nothing afterwards.
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'sf_staff_session');
  expect(session).toMatchObject({ httpOnly: true, path: '/kitchen', sameSite: 'Strict' });
  expect(cookies.some((c) => c.value.includes('e2e-staff-key'))).toBe(false);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Staff key')).toBeVisible();
  const copyContext = await browser.newContext();
  if (session) await copyContext.addCookies([session]);
  const copy = await copyContext.newPage();
  await copy.goto('/kitchen');
  await expect(copy.locator('#staff-key-error')).toHaveText(
    'Your kitchen session has ended. Please sign in again.',
  );
  await copyContext.close();
});
