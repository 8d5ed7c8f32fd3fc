import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The storefront's sign-in, sign-up and forgot-password dialogs, the header's account entry and the logout
 * confirmation (features/session). The captcha is the real ALTCHA widget: its checkbox starts the proof of work
 * against the storefront's same-origin challenge route, and the dialog's button enables once it is verified.
 */

export const HEADER_SIGN_IN = 'Sign in';

/** The header's account entry when signed in ('Hi, {first name}'). */
export function accountMenuButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Hi, / });
}

export function loginDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Sign in' });
}

export function signupDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Create an account' });
}

export function forgotPasswordDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Forgot password?' });
}

export function logoutDialog(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Logout' });
}

/** Opens the login dialog from the header's 'Sign in'. */
export async function openLoginDialog(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: HEADER_SIGN_IN }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Ticks the ALTCHA checkbox in `scope` and waits until the proof of work is verified. */
export async function solveCaptcha(scope: Locator): Promise<void> {
  const box = scope.getByRole('checkbox', { name: "I'm not a robot" });
  await expect(box).toBeEnabled();
  await box.click();
  await expect(scope.getByText('Verified')).toBeVisible({ timeout: 60_000 });
}

/** Fills the open login dialog and submits it (does not wait for the outcome). */
export async function submitLogin(
  dialog: Locator,
  credentials: { email: string; password: string },
): Promise<void> {
  await dialog.getByLabel('Email').fill(credentials.email);
  await dialog.getByLabel('Password', { exact: true }).fill(credentials.password);
  await solveCaptcha(dialog);
  const submit = dialog.getByRole('button', { name: 'Sign in', exact: true });
  await expect(submit).toBeEnabled();
  await submit.click();
}

/**
 * Signs in through the header's 'Sign in' on the current page (a page with the default layout) and waits until
 * the header greets the customer.
 */
export async function signIn(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const dialog = await openLoginDialog(page);
  await submitLogin(dialog, credentials);
  await expect(dialog).toBeHidden();
  await expect(accountMenuButton(page)).toBeVisible();
}

/** Opens the header's account menu and confirms 'Logout'; waits for "You've been logged out". */
export async function signOut(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  const dialog = logoutDialog(page);
  await expect(dialog).toContainText('Are you sure you want to Logout from your account?');
  await dialog.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText("You've been logged out", { exact: true })).toBeVisible();
}
