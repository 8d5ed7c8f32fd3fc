import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { PaymentMethodInfo } from '@storefront/contracts/payments';

/** A payment method as the checkout's picker lists it. */
export interface PaymentChoice {
  id: number;
  paymentMethod: PaymentMethodInfo['paymentMethod'];
  name: string;
  requiresVerifiedIdentity: boolean;
}

/** Where 'Confirm Order' goes once the order passed PreCheckout. */
export type PaymentStep =
  /** The payment page (credit card or wallet). */
  | { kind: 'payment' }
  /** Pay at the store: the offline credit is placed from checkout. */
  | { kind: 'offline'; choice: PaymentChoice }
  /** 'Select Payment Method'. */
  | { kind: 'picker'; choices: PaymentChoice[] };

/** The names the picker shows when the API gives none (spec examples). */
const DEFAULT_NAMES: Record<PaymentMethodInfo['paymentMethod'], string> = {
  [PAYMENT_METHOD.CreditCard]: 'Credit Card',
  [PAYMENT_METHOD.OfflineCredit]: 'Pay at the store',
  [PAYMENT_METHOD.VirtualWallet]: 'Apple Pay',
  [PAYMENT_METHOD.GiftCard]: 'Gift Card',
};

/** The order the picker lists methods in: card first, then wallet, then pay at the store. */
const ORDER: readonly number[] = [
  PAYMENT_METHOD.CreditCard,
  PAYMENT_METHOD.VirtualWallet,
  PAYMENT_METHOD.OfflineCredit,
];

/**
 * Checkout submit step 4 (spec section 4): gift cards are applied on the payment page, so they never count.
 * Exactly one other method goes straight to it (card or wallet: the payment page; offline credit: placed from
 * checkout); otherwise the picker. A method that needs a verified identity always goes through the picker,
 * which says why it cannot be used yet (the SMS verification is not built). No method known (the API could not
 * say) tries the payment page, whose card answers for itself.
 */
export function paymentStepFor(methods: readonly PaymentMethodInfo[]): PaymentStep {
  const choices: PaymentChoice[] = methods
    .filter((m) => m.paymentMethod !== PAYMENT_METHOD.GiftCard)
    .sort((a, b) => ORDER.indexOf(a.paymentMethod) - ORDER.indexOf(b.paymentMethod))
    .map((m) => ({
      id: m.id,
      paymentMethod: m.paymentMethod,
      name: m.name.trim() || DEFAULT_NAMES[m.paymentMethod],
      requiresVerifiedIdentity: m.requiresVerifiedIdentity,
    }));
  const [only] = choices;
  if (choices.length === 0) return { kind: 'payment' };
  if (choices.length === 1 && only && !only.requiresVerifiedIdentity) {
    return only.paymentMethod === PAYMENT_METHOD.OfflineCredit
      ? { kind: 'offline', choice: only }
      : { kind: 'payment' };
  }
  return { kind: 'picker', choices };
}

/** What the picker says of a method that needs SMS verification (refused by the API without it). */
export const VERIFICATION_NEEDED_MESSAGE =
  'This payment method needs your phone number verified by SMS, which is not available here yet. Please choose another payment method.';
