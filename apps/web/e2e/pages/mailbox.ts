import { expect, type Page } from '@playwright/test';

/** The API's development mailbox page (MAILBOX on in playwright.config's API env), at the e2e API port. */
export const MAILBOX_ORIGIN = `http://localhost:${process.env.E2E_API_PORT ?? 4100}`;

/**
 * Opens the mailbox filtered to `to`, waits for an e-mail with `subject` (the outbox worker delivers within a
 * moment; the page is reloaded until it is there) and follows the newest such e-mail's link that contains
 * `linkPath` ('/activation', '/my-account/reset-password'), as a reader would click it.
 */
export async function followMailLink(
  page: Page,
  { to, subject, linkPath }: { to: string; subject: string; linkPath: string },
): Promise<void> {
  const url = `${MAILBOX_ORIGIN}/mailbox?to=${encodeURIComponent(to)}`;
  const mail = page
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { name: subject }) })
    .first();
  await expect(async () => {
    await page.goto(url);
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await mail
    .getByRole('link', { name: new RegExp(linkPath.replace(/\//g, '\\/')) })
    .first()
    .click();
}
