import { CreditCard, Gift, ShieldCheck, Store, Wallet } from 'lucide-react';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import type { PaymentChoice, PaymentMethodInfoSummary } from '../payment-step';

const DETAIL: Record<PaymentChoice['paymentMethod'], string> = {
  [PAYMENT_METHOD.CreditCard]: 'Pay online on the next page.',
  [PAYMENT_METHOD.VirtualWallet]: 'Pay online on the next page with your device’s wallet.',
  [PAYMENT_METHOD.OfflineCredit]: 'Pay when you collect your order.',
  [PAYMENT_METHOD.GiftCard]: 'Applied on the payment page.',
};

const ICON = {
  [PAYMENT_METHOD.CreditCard]: CreditCard,
  [PAYMENT_METHOD.VirtualWallet]: Wallet,
  [PAYMENT_METHOD.OfflineCredit]: Store,
  [PAYMENT_METHOD.GiftCard]: Gift,
} as const;

export const PAYMENT_INFO_TEXT = {
  title: 'Payment Method',
  one: (name: string) => `You will pay with ${name}.`,
  several: "You will choose how to pay after 'Confirm Order':",
  unknown: "Payment options are shown after 'Confirm Order'.",
  verification: 'Needs your phone number verified by an SMS code.',
  giftCards: 'Gift cards can be applied on the payment page.',
} as const;

/**
 * The checkout's payment-method information (checkout spec section 2, 'Payment-method info'): how the guest will
 * pay once 'Confirm Order' is pressed, from the methods the store accepts for this order: each method, whether
 * it needs SMS verification first, and whether gift cards can be applied on the payment page. Null `info` (the
 * API could not say) keeps a line rather than a wrong list.
 */
export function PaymentMethodInfoSection({ info }: { info: PaymentMethodInfoSummary | null }) {
  const choices = info?.choices ?? [];
  const [only] = choices;
  return (
    <section aria-labelledby="payment-info-title" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="payment-info-title" className="mb-2 text-lg font-bold">
        {PAYMENT_INFO_TEXT.title}
      </h2>
      <p className="text-gray-800">
        {choices.length === 0
          ? PAYMENT_INFO_TEXT.unknown
          : choices.length === 1 && only
            ? PAYMENT_INFO_TEXT.one(only.name)
            : PAYMENT_INFO_TEXT.several}
      </p>
      {choices.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-3">
          {choices.map((choice) => {
            const Icon = ICON[choice.paymentMethod];
            return (
              <li key={choice.id} className="flex items-start gap-3">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-gray-700" />
                <span>
                  <span className="block font-semibold text-gray-900">{choice.name}</span>
                  <span className="block text-sm text-gray-700">{DETAIL[choice.paymentMethod]}</span>
                  {choice.requiresVerifiedIdentity ? (
                    <span className="mt-1 flex items-center gap-1 text-sm text-gray-700">
                      <ShieldCheck aria-hidden className="size-4 shrink-0" />
                      {PAYMENT_INFO_TEXT.verification}
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {info?.giftCards ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-gray-700">
          <Gift aria-hidden className="size-4 shrink-0" />
          {PAYMENT_INFO_TEXT.giftCards}
        </p>
      ) : null}
    </section>
  );
}
