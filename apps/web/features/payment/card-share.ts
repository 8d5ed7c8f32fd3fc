import { dollarsToCents } from '@storefront/contracts/money';
import type { Order } from '@storefront/contracts/orders';

/**
 * What the card, saved card or wallet still pays, in cents, and how its payment splits it: the API's due (the
 * total less the gift cards applied) with the guest's tip in place of the order's stored one, never below 0.
 * The tip is kept whole while the rest covers it (the API's baseAmount rule: the total before tip less the
 * gift cards), so `baseCents` and `tipShare` are the payment's baseAmount and tipAmount.
 */
export function cardShare(order: Pick<Order, 'due' | 'totals'>, tipCents: number) {
  const dueCents = Math.max(0, dollarsToCents(order.due) - dollarsToCents(order.totals.tip) + tipCents);
  const tipShare = Math.min(tipCents, dueCents);
  return { dueCents, baseCents: dueCents - tipShare, tipShare };
}
