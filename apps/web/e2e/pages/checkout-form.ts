import type { Page } from '@playwright/test';

export interface Contact {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
}

/** The contact section's labels (the spec's), in reading order. */
export const CONTACT_LABELS = ['First Name', 'Last Name', 'Phone Number', 'Email'] as const;

/** Fills the checkout page's contact section, as a guest types it. */
export async function fillContact(page: Page, contact: Contact) {
  await page.getByLabel(/First Name/i).fill(contact.firstName);
  await page.getByLabel(/Last Name/i).fill(contact.lastName);
  await page.getByLabel(/Phone/i).fill(contact.phone);
  await page.getByLabel(/Email/i).fill(contact.email);
}
