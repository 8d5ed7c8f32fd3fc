'use client';

import { useId, useState, useTransition } from 'react';
import { centsToDollars, dollarsToCents, formatCents } from '@storefront/contracts/money';
import type { Payment } from '@storefront/contracts/payments';
import { giftCardAmountRule, giftCardDigits, visibleMaskedNumber } from '@storefront/contracts/payment-rules';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { applyGiftCard, checkGiftCardBalance, removeGiftCard, updateGiftCard } from '../gift-card.actions';
import {
  blurGiftCardAmount,
  formatGiftCardAmount,
  maskGiftCardAmount,
  prefillGiftCardCents,
} from '../gift-card-amount';
import { usePaymentFlow } from '../payment-flow-context';

/** The applied gift card a typed number is (same last four), if any. */
function appliedCardFor(cardNumber: string, giftCards: readonly Payment[]): Payment | null {
  const lastFour = giftCardDigits(cardNumber).slice(-4);
  if (lastFour.length < 4) return null;
  return giftCards.find((p) => p.giftCardNumber?.endsWith(lastFour)) ?? null;
}

/**
 * The Discounts section's Gift Card part (spec sections 4 and 5): the card number and 'Check balance' (the
 * balance, or 'Invalid card'), then the amount, prefilled with the lesser of balance and due, masked to 2
 * decimals and shown as $x.xx on blur, lowered with the spec's message when it is more than the card or the
 * order allows; 'Apply' adds the card, 'Update' changes an applied card's amount, 'Remove' takes it off. Every
 * change re-reads the order (the card payment follows the new due amount; nothing due places the order).
 */
export function GiftCardSection() {
  const flow = usePaymentFlow();
  // The tenders come from the flow only, never from an action's answer: the flow sets its gift cards, the due
  // amount and the re-amounted card frame together, so a card line never shows beside the due before it.
  const giftCards = flow.giftCards;
  const [cardNumber, setCardNumber] = useState('');
  const [balance, setBalance] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attemptKey, setAttemptKey] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const headingId = useId();
  const applied = appliedCardFor(cardNumber, giftCards);
  const appliedCents = applied ? dollarsToCents(applied.amount) : 0;
  // What this card may take: what is still due plus what it already covers (when it is being updated).
  const dueForCard = (flow.dueCents ?? 0) + appliedCents;
  const disabled = flow.busy || pending;

  function onCheck(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setNotice(null);
    startTransition(async () => {
      const result = await checkGiftCardBalance(cardNumber);
      if (!result.ok) {
        setBalance(null);
        setError(result.error);
        return;
      }
      setBalance(result.data.balance);
      setAttemptKey(crypto.randomUUID());
      const current = appliedCardFor(cardNumber, giftCards);
      const cents = current
        ? dollarsToCents(current.amount)
        : prefillGiftCardCents(dollarsToCents(result.data.balance), flow.dueCents ?? 0);
      setAmountText(formatGiftCardAmount(cents));
    });
  }

  /** The amount rule (section 5): null when refused; lowered amounts say so and replace the box's text. */
  function ruledAmount(): number | null {
    if (balance === null) return null;
    const rule = giftCardAmountRule(amountText, { balance, due: centsToDollars(dueForCard) });
    if (!rule.ok) {
      setError(rule.message);
      return null;
    }
    if (rule.adjusted) setAmountText(formatGiftCardAmount(dollarsToCents(rule.amount)));
    setNotice(rule.message);
    return rule.amount;
  }

  function onBlurAmount() {
    setAmountText((text) => blurGiftCardAmount(text));
    if (balance === null || !amountText.trim()) return;
    const rule = giftCardAmountRule(amountText, { balance, due: centsToDollars(dueForCard) });
    if (rule.ok && rule.adjusted) {
      setAmountText(formatGiftCardAmount(dollarsToCents(rule.amount)));
      setNotice(rule.message);
    }
  }

  async function afterChange(result: { ok: true } | { ok: false; error: string }) {
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    await flow.refresh();
    return true;
  }

  function onApply() {
    setError(null);
    const amount = ruledAmount();
    if (amount === null) return;
    const key = attemptKey ?? crypto.randomUUID();
    startTransition(async () => {
      const result = applied
        ? await updateGiftCard({ paymentId: applied.id, amount })
        : await applyGiftCard({ cardNumber, amount, idempotencyKey: key });
      if (await afterChange(result)) setAttemptKey(crypto.randomUUID());
    });
  }

  function onRemove(payment: Payment) {
    setError(null);
    setNotice(null);
    startTransition(async () => {
      if (await afterChange(await removeGiftCard(payment.id))) {
        if (payment.id === applied?.id) {
          setBalance(null);
          setAmountText('');
        }
      }
    });
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-bold">
        Gift Card
      </h3>
      <form className="flex flex-wrap items-end gap-3" onSubmit={onCheck} noValidate>
        <TextField
          label="Gift card number"
          className="min-w-0 flex-1"
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          value={cardNumber}
          onChange={(event) => {
            setCardNumber(event.target.value);
            setBalance(null);
            setError(null);
            setNotice(null);
          }}
        />
        <Button type="submit" variant="secondary" disabled={disabled || !cardNumber.trim()}>
          Check balance
        </Button>
      </form>
      {balance !== null ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-gray-700">
            Balance:{' '}
            <span className="font-semibold text-gray-900">{formatCents(dollarsToCents(balance))}</span>
          </p>
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label="Amount"
              className="min-w-0 flex-1"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              onChange={(event) => {
                setAmountText(maskGiftCardAmount(event.target.value));
                setNotice(null);
                setError(null);
              }}
              onBlur={onBlurAmount}
            />
            <Button onClick={onApply} disabled={disabled || !amountText} loading={pending}>
              {applied ? 'Update' : 'Apply'}
            </Button>
          </div>
        </div>
      ) : null}
      <p role="status" className={notice ? 'text-sm text-gray-800' : 'sr-only'}>
        {notice}
      </p>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {giftCards.length > 0 ? (
        <ul aria-label="Applied gift cards" className="flex flex-col gap-2">
          {giftCards.map((card) => {
            const masked = visibleMaskedNumber(card.giftCardNumber ?? '');
            return (
              <li
                key={card.id}
                className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-2"
              >
                <span>
                  Gift card {masked}
                  <span className="ml-2 font-semibold">{formatCents(dollarsToCents(card.amount))}</span>
                </span>
                <Button
                  variant="ghost"
                  disabled={disabled}
                  aria-label={`Remove gift card ${masked}`}
                  onClick={() => onRemove(card)}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {giftCards.length > 0 && flow.dueCents !== null && flow.dueCents > 0 ? (
        // Each tender on its own line, then what is left for the card (or wallet): the amount the card frame and
        // Place Order say too.
        <p className="flex items-center justify-between gap-3 px-3 font-semibold" data-testid="left-to-pay">
          <span>Left to pay</span>
          <span>{formatCents(flow.dueCents)}</span>
        </p>
      ) : null}
    </section>
  );
}
