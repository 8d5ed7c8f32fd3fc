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
  /** The one method needs a verified identity: SMS verification first (step 5), then the method. */
  | { kind: 'verify'; choice: PaymentChoice }
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

/** The methods the guest chooses between (card, wallet, pay at the store; gift cards are not), in that order. */
export function paymentChoices(methods: readonly PaymentMethodInfo[]): PaymentChoice[] {
  return methods
    .filter((m) => m.paymentMethod !== PAYMENT_METHOD.GiftCard)
    .sort((a, b) => ORDER.indexOf(a.paymentMethod) - ORDER.indexOf(b.paymentMethod))
    .map((m) => ({
      id: m.id,
      paymentMethod: m.paymentMethod,
      name: m.name.trim() || DEFAULT_NAMES[m.paymentMethod],
      requiresVerifiedIdentity: m.requiresVerifiedIdentity,
    }));
}

/** What the checkout's payment-method information section says (checkout spec section 2). */
export interface PaymentMethodInfoSummary {
  choices: PaymentChoice[];
  /** The store takes gift cards: they are applied on the payment page. */
  giftCards: boolean;
}

export function paymentMethodInfo(methods: readonly PaymentMethodInfo[]): PaymentMethodInfoSummary {
  return {
    choices: paymentChoices(methods),
    giftCards: methods.some((m) => m.paymentMethod === PAYMENT_METHOD.GiftCard),
  };
}

/**
 * Checkout submit step 4 (spec section 4): gift cards are applied on the payment page, so they never count.
 * Exactly one other method goes straight to it (card or wallet: the payment page; offline credit: placed from
 * checkout); otherwise the picker. Step 5: a method that needs a verified identity opens SMS verification first,
 * also when it is the only one ('verify'). No method known (the API could not say) tries the payment page, whose
 * card answers for itself.
 */
export function paymentStepFor(methods: readonly PaymentMethodInfo[]): PaymentStep {
  const choices = paymentChoices(methods);
  const [only] = choices;
  if (choices.length === 0) return { kind: 'payment' };
  if (choices.length === 1 && only) {
    if (only.requiresVerifiedIdentity) return { kind: 'verify', choice: only };
    return only.paymentMethod === PAYMENT_METHOD.OfflineCredit
      ? { kind: 'offline', choice: only }
      : { kind: 'payment' };
  }
  return { kind: 'picker', choices };
}
