/**
 * Pay at the Store (offline credit, PAYMENT_METHOD 2): the limits' answers. The spec names no code for them; they
 * are the spec's 'invalid payment' (21043) with a key of their own, as a 422 at placement.
 */
import { dollarsToCents, formatCents } from './money';

export const PAY_LATER_ERROR_KEY = {
  /** The guest (account, phone, e-mail or client address) already has the most open unpaid orders allowed. */
  guestLimit: 'PayLaterGuestLimit',
  /** The store already has the most open unpaid orders it takes. */
  storeLimit: 'PayLaterStoreLimit',
  /** The amount left to collect is above the store's largest pay-later amount. */
  maxTotal: 'PayLaterMaxTotal',
} as const;

/** What the guest reads when a limit refuses the order (shown as the API sends it). */
export const PAY_LATER_MESSAGES = {
  guestLimit: (max: number) =>
    max === 0
      ? 'Paying at the store is not available. Please pay by card.'
      : `You already have ${max === 1 ? 'an order' : `${max} orders`} to pay at the store. Please pay for this one by card, or pay for ${max === 1 ? 'that one' : 'those'} at pickup first.`,
  storeLimit: 'This store cannot take more orders paid at the store right now. Please pay by card.',
  maxTotal: (maxCents: number) =>
    `Orders over ${formatCents(maxCents)} cannot be paid at the store. Please pay by card.`,
} as const;

/** The kitchen's badge on an order still to be paid at pickup. */
export function unpaidBadgeText(unpaidAmount: number): string {
  return `Unpaid — collect ${formatCents(dollarsToCents(unpaidAmount))} at pickup`;
}
