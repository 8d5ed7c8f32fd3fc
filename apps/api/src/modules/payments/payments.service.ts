/**
 * Payments on an order: the methods a store accepts, creating the credit-card payment whose hosted page
 * the storefront frames, updating and deleting it, and the hosted page's own session and tokenisation.
 * Card data never reaches this service: the processor's token, brand and last four do.
 */
import { randomUUID } from 'node:crypto';
import type { Env } from '../../env';
import {
  type CardTokenizeBody,
  type CreatePaymentBody,
  type PatchPaymentBody,
  type Payment,
  type PaymentMethodInfo,
  maskCardNumber,
  PaymentProcessorCodeSchema,
} from '@storefront/contracts/payments';
import { PAYMENT_METHOD, PaymentMethodSchema } from '@storefront/contracts/enums';
import { APP_ERROR, ORDER_ERROR } from '@storefront/contracts/errors';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import type { Db } from '../../db/client';
import { conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import type { PaymentProcessor } from '../../providers/payment/payment-processor';
import { findOrder, updateOrder, type OrderRow } from '../checkout/checkout.repository';
import { requireOwnedOrder } from '../checkout/checkout.service';
import {
  deletePaymentRow,
  deleteUnchargedPayments,
  findPayment,
  findPaymentBySession,
  findPaymentsByOrder,
  insertPayment,
  updatePayment,
  type PaymentRow,
} from './payments.repository';

/** The only method the sandbox offers: credit card through the hosted Aurus-style page. */
export const CREDIT_CARD_METHOD: PaymentMethodInfo = {
  id: 1,
  paymentMethod: PAYMENT_METHOD.CreditCard,
  name: 'Credit Card',
  paymentProcessorCode: 'AURUS_HOSTED',
  requiresVerifiedIdentity: false,
  avsCoverageLevel: 'ZipCodeOnly',
};

export function hostedPaymentUrl(env: Env, sessionId: string): string {
  return new URL(`/hosted-payments/${sessionId}`, env.API_PUBLIC_URL).toString();
}

export function toPayment(env: Env, row: PaymentRow): Payment {
  const url =
    row.hostedSessionId && row.status !== 'Approved' ? hostedPaymentUrl(env, row.hostedSessionId) : null;
  const isGiftCard = row.paymentMethod === PAYMENT_METHOD.GiftCard;
  return {
    id: row.id,
    paymentMethod: PaymentMethodSchema.parse(row.paymentMethod),
    paymentProcessorCode: PaymentProcessorCodeSchema.nullable().catch(null).parse(row.processorCode),
    status: row.status,
    baseAmount: centsToDollars(row.baseAmountCents),
    tipAmount: centsToDollars(row.tipAmountCents),
    amount: centsToDollars(row.baseAmountCents + row.tipAmountCents),
    paymentUrl: url,
    alternatePaymentUrl: url,
    cardBrand: isGiftCard ? null : row.cardBrand,
    lastFour: row.lastFour,
    giftCardNumber: isGiftCard && row.lastFour ? maskCardNumber(row.lastFour) : null,
    savedPaymentId: row.savedPaymentId,
  };
}

export async function listPaymentMethods(db: Db, session: Session, orderId: number) {
  await requireOwnedOrder(db, session, orderId);
  return [CREDIT_CARD_METHOD];
}

export async function listPayments(db: Db, env: Env, session: Session, orderId: number) {
  await requireOwnedOrder(db, session, orderId);
  return (await findPaymentsByOrder(db, orderId)).map((row) => toPayment(env, row));
}

/** What is due before the tip: the order total without the tip checkout may have set. */
function dueBeforeTip(order: OrderRow): number {
  return order.totalCents - order.tipCents;
}

/**
 * Creates the credit-card payment for the amount due (21044 when baseAmount is not the order's total before
 * tip) and sets the order's tip. Replaces any earlier uncharged payment. Only credit card is offered (9901).
 */
export async function createPayment(
  db: Db,
  env: Env,
  session: Session,
  orderId: number,
  body: CreatePaymentBody,
): Promise<Payment> {
  if (body.paymentMethod !== PAYMENT_METHOD.CreditCard) {
    throw ruleBroken(
      'PaymentMethod',
      APP_ERROR.MissingCreditPaymentMethod,
      'A credit card payment type is not configured, that is the only one supported',
    );
  }
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const baseCents = dollarsToCents(body.baseAmount);
    const tipCents = dollarsToCents(body.tipAmount);
    if (baseCents !== dueBeforeTip(order)) {
      throw ruleBroken(
        'PaymentTotal',
        ORDER_ERROR.InvalidPaymentTotal,
        'The payment does not match the order total',
      );
    }
    await deleteUnchargedPayments(tx, orderId);
    await updateOrder(tx, orderId, { tipCents, totalCents: baseCents + tipCents });
    const row = await insertPayment(tx, {
      orderId,
      paymentMethod: body.paymentMethod,
      processorCode: CREDIT_CARD_METHOD.paymentProcessorCode,
      baseAmountCents: baseCents,
      tipAmountCents: tipCents,
      hostedSessionId: randomUUID(),
      billingAddress: body.billingAddress ?? null,
    });
    return toPayment(env, row);
  });
}

async function requireOpenPayment(db: Db, orderId: number, paymentId: number) {
  const payment = await findPayment(db, orderId, paymentId);
  if (!payment) throw notFound('PaymentNotFound', 'The payment does not exist', ORDER_ERROR.InvalidPayment);
  if (payment.status === 'Approved') {
    throw conflict('PaymentCharged', 'The payment has already been charged', ORDER_ERROR.InvalidPayment);
  }
  return payment;
}

/** Changes the amounts (same total rule as creation) or the billing address of an uncharged payment. */
export async function patchPayment(
  db: Db,
  env: Env,
  session: Session,
  orderId: number,
  paymentId: number,
  body: PatchPaymentBody,
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const payment = await requireOpenPayment(tx, orderId, paymentId);
    const baseCents =
      body.baseAmount === undefined ? payment.baseAmountCents : dollarsToCents(body.baseAmount);
    const tipCents = body.tipAmount === undefined ? payment.tipAmountCents : dollarsToCents(body.tipAmount);
    if (baseCents !== dueBeforeTip(order)) {
      throw ruleBroken(
        'PaymentTotal',
        ORDER_ERROR.InvalidPaymentTotal,
        'The payment does not match the order total',
      );
    }
    await updateOrder(tx, orderId, { tipCents, totalCents: baseCents + tipCents });
    const row = await updatePayment(tx, paymentId, {
      baseAmountCents: baseCents,
      tipAmountCents: tipCents,
      ...(body.billingAddress === undefined ? {} : { billingAddress: body.billingAddress }),
    });
    if (!row) throw notFound('PaymentNotFound', 'The payment does not exist', ORDER_ERROR.InvalidPayment);
    return toPayment(env, row);
  });
}

/** Deletes an uncharged payment (a charged one is 409). The tip stays on the order. */
export async function deletePayment(db: Db, session: Session, orderId: number, paymentId: number) {
  await db.transaction(async (tx) => {
    await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    await requireOpenPayment(tx, orderId, paymentId);
    await deletePaymentRow(tx, paymentId);
  });
  return true;
}

/** A hosted page session that can still take a card: its payment is uncharged and its order not placed. */
export async function getHostedSession(db: Db, sessionId: string) {
  const payment = await findPaymentBySession(db, sessionId);
  if (!payment || payment.status === 'Approved') return null;
  const order = await findOrder(db, payment.orderId);
  if (!order || order.placedAt) return null;
  return { payment, amountCents: payment.baseAmountCents + payment.tipAmountCents };
}

/**
 * Tokenises the card for a hosted session (the frame's own call). Invalid cards answer a response_code > 0;
 * a session that is gone is 404. Keeps only the token, brand and last four on the payment.
 */
export async function tokenizeHostedCard(
  db: Db,
  processor: PaymentProcessor,
  sessionId: string,
  card: CardTokenizeBody,
) {
  const session = await getHostedSession(db, sessionId);
  if (!session) {
    throw notFound(
      'PaymentSessionNotFound',
      'The payment session is no longer available',
      APP_ERROR.OrderExpired,
    );
  }
  const result = await processor.tokenize(card);
  if (!result.ok) {
    return {
      response_code: result.code,
      response_text: result.message,
      one_time_token: null,
      card_brand: null,
      last_four: null,
    };
  }
  await updatePayment(db, session.payment.id, {
    processorToken: result.token,
    cardBrand: result.brand,
    lastFour: result.lastFour,
    status: 'Pending',
  });
  return {
    response_code: 0,
    response_text: 'Approved',
    one_time_token: result.token,
    card_brand: result.brand,
    last_four: result.lastFour,
  };
}
