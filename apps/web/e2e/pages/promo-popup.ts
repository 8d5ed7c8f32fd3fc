import { expect, test, type Page } from '@playwright/test';

/** The demo's enabled campaign (Capital Kitchen brand: stores 1-7, 9 and the food hall). */
export const DEMO_PROMO_TITLE = /Milkshake Mondays/;

export function promoDialog(page: Page) {
  return page.getByRole('dialog', { name: DEMO_PROMO_TITLE });
}

/**
 * The promo popup opens once per guest on a store page of the demo brand (again after /search-locations reset
 * its flag). Journeys that are not about it close it where it is due to show.
 */
export async function closePromoPopup(page: Page) {
  const dialog = promoDialog(page);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'No thanks' }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Marks the popup as already shown for every page of this browser context (journeys not about it): the flag
 * cookie the store page reads ('sf_promo_shown'; the search page clears it, so journeys that search see it once).
 */
export async function skipPromoPopup(page: Page) {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('skipPromoPopup needs the baseURL');
  await page.context().addCookies([{ name: 'sf_promo_shown', value: '1', url }]);
}

/** Waits until the search page has reset the popup's flag (it does so once hydrated): the next store shows it. */
export async function waitForPromoReset(page: Page) {
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'sf_promo_shown'))
    .toBe(false);
}
