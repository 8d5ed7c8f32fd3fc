'use server';

import { z } from 'zod';
import { IdSchema } from '@storefront/contracts/bounds';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import {
  AmountSchema,
  GIFT_CARD_MESSAGES,
  GiftCardBalanceSchema,
  GiftCardNumberSchema,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyKeySchema,
  PaymentSchema,
  giftCardDigits,
  type Payment,
} from '@storefront/contracts/payments';
import { apiRequest, type ApiResult } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';

export type GiftCardResult<T> = { ok: true; data: T } | { ok: false; error: string };

const noOrder = { ok: false as const, error: 'There is no order to pay' };

function firstError(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  fallback: string,
): GiftCardResult<never> {
  return { ok: false, error: result.errors[0]?.message ?? fallback };
}

/** The order's gift card payments, oldest first (the list under the Gift Card form). */
async function giftCardsOf(orderId: number): Promise<GiftCardResult<Payment[]>> {
  const payments = await apiRequest(z.array(PaymentSchema), `sales/orders/${orderId}/payments`);
  if (!payments.ok) return firstError(payments, 'Unknown error');
  return { ok: true, data: payments.value.filter((p) => p.paymentMethod === PAYMENT_METHOD.GiftCard) };
}

/**
 * A change to the order's gift cards (`write` is its API call for the order), answered with the order's gift
 * cards after it; a refused change answers the API's first message (`fallback` without one).
 */
async function changeGiftCards(
  write: (orderId: number) => Promise<ApiResult<unknown>>,
  fallback: string,
): Promise<GiftCardResult<Payment[]>> {
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const written = await write(ref.orderId);
  if (!written.ok) return firstError(written, fallback);
  return giftCardsOf(ref.orderId);
}

/**
 * 'Check balance': the card's balance in dollars. Any failed lookup reads 'Invalid card' (spec section 5),
 * except the API's guessing limit (429), whose own message says when to try again.
 */
export async function checkGiftCardBalance(cardNumber: string): Promise<GiftCardResult<{ balance: number }>> {
  const parsed = GiftCardNumberSchema.safeParse(cardNumber);
  if (!parsed.success) return { ok: false, error: GIFT_CARD_MESSAGES.invalidCard };
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const result = await apiRequest(
    GiftCardBalanceSchema,
    `sales/orders/${ref.orderId}/payment-methods/gift-cards/${giftCardDigits(parsed.data)}/balance`,
  );
  if (!result.ok) {
    return result.status === 429
      ? firstError(result, GIFT_CARD_MESSAGES.invalidCard)
      : { ok: false, error: GIFT_CARD_MESSAGES.invalidCard };
  }
  return { ok: true, data: { balance: result.value.balanceAmount } };
}

const ApplyInputSchema = z.object({
  cardNumber: GiftCardNumberSchema,
  amount: AmountSchema.refine((v) => v > 0),
  idempotencyKey: IdempotencyKeySchema,
});

/**
 * 'Apply' (first add): a gift card payment for `amount` dollars. The key belongs to the guest's attempt, so a
 * retried request does not add the card twice. Answers the order's gift cards after the change.
 */
export async function applyGiftCard(
  input: z.input<typeof ApplyInputSchema>,
): Promise<GiftCardResult<Payment[]>> {
  const parsed = ApplyInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: GIFT_CARD_MESSAGES.applyFailed };
  const { cardNumber, amount, idempotencyKey } = parsed.data;
  return changeGiftCards(
    (orderId) =>
      apiRequest(PaymentSchema, `sales/orders/${orderId}/payments`, {
        method: 'POST',
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
        body: {
          paymentMethod: PAYMENT_METHOD.GiftCard,
          giftCardNumber: giftCardDigits(cardNumber),
          baseAmount: amount,
          tipAmount: 0,
        },
      }),
    GIFT_CARD_MESSAGES.applyFailed,
  );
}

const UpdateInputSchema = z.object({ paymentId: IdSchema, amount: AmountSchema.refine((v) => v > 0) });

/** 'Update': a new amount on a gift card already applied. Answers the order's gift cards after the change. */
export async function updateGiftCard(
  input: z.input<typeof UpdateInputSchema>,
): Promise<GiftCardResult<Payment[]>> {
  const parsed = UpdateInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: GIFT_CARD_MESSAGES.applyFailed };
  const { paymentId, amount } = parsed.data;
  return changeGiftCards(
    (orderId) =>
      apiRequest(PaymentSchema, `sales/orders/${orderId}/payments/${paymentId}`, {
        method: 'PATCH',
        body: { baseAmount: amount },
      }),
    GIFT_CARD_MESSAGES.applyFailed,
  );
}

/** 'Remove': takes a gift card off the order (one already gone counts as removed). */
export async function removeGiftCard(paymentId: number): Promise<GiftCardResult<Payment[]>> {
  const parsed = IdSchema.safeParse(paymentId);
  if (!parsed.success) return { ok: false, error: 'Unknown gift card' };
  return changeGiftCards(async (orderId) => {
    const deleted = await apiRequest(z.unknown(), `sales/orders/${orderId}/payments/${parsed.data}`, {
      method: 'DELETE',
    });
    return !deleted.ok && deleted.status === 404 ? { ok: true, value: null } : deleted;
  }, 'Unknown error');
}
