/**
 * Payments on an order: the methods its store accepts, and one payment per method: the credit card whose
 * hosted page the storefront frames (Aurus or Express, per store), offline credit (paid at the store), the
 * wallet, and gift cards as split tender (any number, each for part of the bill). Gift cards are applied
 * first; the card, offline credit or wallet payment covers what is due after them. Card data never reaches
 * this service: the processor's token, brand and last four do; a gift card's number stays with its processor.
 */
import { randomUUID } from 'node:crypto';
import type { Env } from '../../env';
import {
  GIFT_CARD_MESSAGES,
  type CreatePaymentBody,
  type PatchPaymentBody,
  type Payment,
  type PaymentMethodInfo,
  giftCardDigits,
  maskCardNumber,
  PaymentProcessorCodeSchema,
} from '@storefront/contracts/payments';
import { AddressRequirementSchema, PAYMENT_METHOD, PaymentMethodSchema } from '@storefront/contracts/enums';
import type { PaymentMethod } from '@storefront/contracts/enum-values';
import { APP_ERROR, ORDER_ERROR } from '@storefront/contracts/errors';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import type { Db } from '../../db/client';
import { DomainError, conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import type { GiftCardProcessor } from '../../providers/payment/gift-card-processor';
import { giftCardProcessorFor, paymentProcessorFor } from '../../providers/payment/index';
import { updateOrder, type OrderRow } from '../checkout/checkout.repository';
import { requireOwnedOrder } from '../checkout/checkout.service';
import { hasVerifiedIdentity } from '../verification/verification.service';
import { cardPaymentValues, requireBillingAddressForStore } from '../saved-payments/saved-payments.service';
import {
  deletePaymentRow,
  deleteUnchargedPayments,
  findLocationPaymentMethods,
  findPayment,
  findPaymentsByOrder,
  insertPayment,
  updatePayment,
  type LocationPaymentMethodRow,
  type PaymentRow,
} from './payments.repository';

/** What the picker calls each method. */
const METHOD_NAMES: Record<PaymentMethod, string> = {
  [PAYMENT_METHOD.CreditCard]: 'Credit Card',
  [PAYMENT_METHOD.OfflineCredit]: 'Pay at the Store',
  [PAYMENT_METHOD.GiftCard]: 'Gift Card',
  [PAYMENT_METHOD.VirtualWallet]: 'Apple Pay',
};

const processorCodeOf = (code: string | null) =>
  PaymentProcessorCodeSchema.nullable().catch(null).parse(code);

/** The processor's hosted card page for an uncharged card payment (on the processor's origin, signed by us). */
export function toPayment(env: Env, row: PaymentRow): Payment {
  const url =
    row.hostedSessionId && row.status !== 'Approved'
      ? paymentProcessorFor(env).hostedPageUrl({
          sessionId: row.hostedSessionId,
          amountCents: row.baseAmountCents + row.tipAmountCents,
          processorCode: row.processorCode,
        })
      : null;
  const isGiftCard = row.paymentMethod === PAYMENT_METHOD.GiftCard;
  return {
    id: row.id,
    paymentMethod: PaymentMethodSchema.parse(row.paymentMethod),
    paymentProcessorCode: processorCodeOf(row.processorCode),
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

function toMethodInfo(row: LocationPaymentMethodRow): PaymentMethodInfo {
  const paymentMethod = PaymentMethodSchema.parse(row.paymentMethod);
  return {
    id: row.id,
    paymentMethod,
    name: METHOD_NAMES[paymentMethod],
    paymentProcessorCode: processorCodeOf(row.processorCode),
    requiresVerifiedIdentity: row.requiresVerifiedIdentity,
    avsCoverageLevel: AddressRequirementSchema.catch('ZipCodeOnly').parse(row.avsCoverageLevel),
  };
}

/** The methods the order's store accepts, in display order. */
export async function listPaymentMethods(db: Db, session: Session, orderId: number) {
  const order = await requireOwnedOrder(db, session, orderId);
  return (await findLocationPaymentMethods(db, order.locationId)).map(toMethodInfo);
}

export async function listPayments(db: Db, env: Env, session: Session, orderId: number) {
  await requireOwnedOrder(db, session, orderId);
  return (await findPaymentsByOrder(db, orderId)).map((row) => toPayment(env, row));
}

const isGiftCardRow = (p: PaymentRow) => p.paymentMethod === PAYMENT_METHOD.GiftCard;

/** The gift cards applied to the order (not yet captured), cents; `except` leaves one out (being changed). */
export function giftCardCentsOf(payments: readonly PaymentRow[], except?: number): number {
  return payments
    .filter((p) => isGiftCardRow(p) && p.status !== 'Approved' && p.id !== except)
    .reduce((sum, p) => sum + p.baseAmountCents + p.tipAmountCents, 0);
}

/** What is due before the tip: the order total without the tip checkout may have set. */
function dueBeforeTip(order: OrderRow): number {
  return order.totalCents - order.tipCents;
}

const paymentTotalMismatch = () =>
  ruleBroken('PaymentTotal', ORDER_ERROR.InvalidPaymentTotal, 'The payment does not match the order total');

const invalidGiftCard = () =>
  new DomainError(422, {
    key: 'InvalidGiftCard',
    code: ORDER_ERROR.InvalidPayment,
    message: GIFT_CARD_MESSAGES.invalidCard,
  });

const giftCardAmountRefused = () =>
  ruleBroken('GiftCardAmount', ORDER_ERROR.InvalidPaymentTotal, GIFT_CARD_MESSAGES.applyFailed);

/**
 * The store's configuration of `method`, refused when the store does not offer it (9901 for a credit card
 * where none is configured, the spec's code) or when it needs a verified identity the session's token does not
 * carry for this order and its phone.
 */
async function requireOfferedMethod(db: Db, session: Session, order: OrderRow, method: PaymentMethod) {
  const config = (await findLocationPaymentMethods(db, order.locationId)).find(
    (m) => m.paymentMethod === method,
  );
  if (!config && method === PAYMENT_METHOD.CreditCard) {
    throw ruleBroken(
      'PaymentMethod',
      APP_ERROR.MissingCreditPaymentMethod,
      'A credit card payment type is not configured, that is the only one supported',
    );
  }
  if (!config) {
    throw ruleBroken(
      'PaymentMethod',
      ORDER_ERROR.InvalidPayment,
      'The store does not accept this payment method',
    );
  }
  // The verified access token's claim (this order, its current phone): modules/verification.
  if (config.requiresVerifiedIdentity && !hasVerifiedIdentity(session, order)) {
    throw ruleBroken(
      'IdentityNotVerified',
      ORDER_ERROR.InvalidPayment,
      'This payment method needs a verified phone number: verify it by SMS first',
    );
  }
  return config;
}

/**
 * The amounts of the payment that covers what is left after the gift cards, with tip `tipCents`: its base is
 * the total before tip less the gift cards (never below 0) and its tip what is left of the tip, so that base
 * plus tip is exactly what is due. Null when the gift cards cover everything.
 */
function restAmounts(order: OrderRow, giftCents: number, tipCents: number) {
  const beforeTip = dueBeforeTip(order);
  const due = beforeTip + tipCents - giftCents;
  if (due <= 0) return null;
  const baseCents = Math.max(0, beforeTip - giftCents);
  return { baseCents, tipCents: due - baseCents };
}

/**
 * After the order's total changed on /payment (a reward switched there: the coupon and items are changed at
 * checkout, which starts the payment afresh), its uncharged card, offline credit or wallet payment covers the new
 * due, as after a gift card change. `order` is the order's row after its totals were recomputed.
 */
export async function reamountUnchargedPayments(db: Db, order: OrderRow): Promise<void> {
  await reamountRest(db, order);
}

/**
 * After the gift cards changed, the order's pending card, offline credit or wallet payment covers the new
 * due (same tip); it is deleted when the gift cards now cover everything.
 */
async function reamountRest(db: Db, order: OrderRow) {
  const payments = await findPaymentsByOrder(db, order.id);
  const giftCents = giftCardCentsOf(payments);
  for (const rest of payments.filter((p) => !isGiftCardRow(p) && p.status !== 'Approved')) {
    const amounts = restAmounts(order, giftCents, order.tipCents);
    if (amounts === null) await deletePaymentRow(db, rest.id);
    else
      await updatePayment(db, rest.id, {
        baseAmountCents: amounts.baseCents,
        tipAmountCents: amounts.tipCents,
      });
  }
}

/**
 * Creates the order's payment with `body.paymentMethod`, if its store offers it: a gift card for part or all
 * of the bill, else the payment for what is due after the gift cards (its baseAmount must be the total before
 * tip less the gift cards: 21044 otherwise), which sets the order's tip and replaces any earlier uncharged one.
 */
export async function createPayment(
  db: Db,
  env: Env,
  session: Session,
  orderId: number,
  body: CreatePaymentBody,
  giftCards: GiftCardProcessor = giftCardProcessorFor(env),
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const config = await requireOfferedMethod(tx, session, order, body.paymentMethod);
    if (body.paymentMethod === PAYMENT_METHOD.GiftCard) {
      return toPayment(env, await applyGiftCard(tx, giftCards, order, body));
    }
    const payments = await findPaymentsByOrder(tx, orderId);
    const giftCents = giftCardCentsOf(payments);
    const tipCents = dollarsToCents(body.tipAmount);
    const amounts = restAmounts(order, giftCents, tipCents);
    if (amounts === null) {
      throw ruleBroken(
        'NothingDue',
        ORDER_ERROR.InvalidPaymentTotal,
        'The gift cards already cover the order',
      );
    }
    if (dollarsToCents(body.baseAmount) !== amounts.baseCents) throw paymentTotalMismatch();
    await updateOrder(tx, orderId, { tipCents, totalCents: dueBeforeTip(order) + tipCents });
    const values = {
      orderId,
      paymentMethod: body.paymentMethod,
      processorCode: config.processorCode,
      baseAmountCents: amounts.baseCents,
      tipAmountCents: amounts.tipCents,
      billingAddress: body.billingAddress ?? null,
    };
    if (body.paymentMethod === PAYMENT_METHOD.OfflineCredit) {
      // Offline credit reuses a pending one (spec: 'reuse or add an offline-credit payment for the due amount').
      const pending = payments.find(
        (p) => p.paymentMethod === PAYMENT_METHOD.OfflineCredit && p.status === 'Pending',
      );
      if (pending) {
        const others = payments.filter(
          (p) => p.id !== pending.id && !isGiftCardRow(p) && p.status !== 'Approved',
        );
        for (const other of others) await deletePaymentRow(tx, other.id);
        const row = await updatePayment(tx, pending.id, values);
        if (!row) throw notFound('PaymentNotFound', 'The payment does not exist', ORDER_ERROR.InvalidPayment);
        return toPayment(env, row);
      }
    }
    await deleteUnchargedPayments(tx, orderId);
    if (body.paymentMethod === PAYMENT_METHOD.CreditCard) {
      const card = await cardPaymentValues(tx, session, config, body);
      return toPayment(
        env,
        await createCardPayment(tx, { ...values, hostedSessionId: randomUUID(), ...card }),
      );
    }
    return toPayment(env, await insertPayment(tx, values));
  });
}

/** The credit card payment (its hosted page session is the iframe's URL). */
async function createCardPayment(db: Db, values: Parameters<typeof insertPayment>[1]) {
  return insertPayment(db, values);
}

/**
 * Applies a gift card (first add): the number must be known to the gift-card processor ('Invalid card') and
 * the amount at most the lesser of its balance and what is due after the other gift cards (section 5's apply
 * failure otherwise). A card already on the order takes the new amount instead (a retried apply is harmless).
 */
async function applyGiftCard(db: Db, giftCards: GiftCardProcessor, order: OrderRow, body: CreatePaymentBody) {
  const digits = giftCardDigits(body.giftCardNumber ?? '');
  if (!/^\d{8,19}$/.test(digits)) throw invalidGiftCard();
  if (dollarsToCents(body.tipAmount) !== 0) {
    throw ruleBroken('GiftCardTip', ORDER_ERROR.InvalidPaymentTotal, 'A gift card payment carries no tip');
  }
  const card = await giftCards.lookup(digits);
  if (!card) throw invalidGiftCard();
  const payments = await findPaymentsByOrder(db, order.id);
  const existing = payments.find(
    (p) => isGiftCardRow(p) && p.giftCardId === card.cardId && p.status !== 'Approved',
  );
  const amountCents = dollarsToCents(body.baseAmount);
  requireGiftCardAmount(
    amountCents,
    card.balanceCents,
    order.totalCents - giftCardCentsOf(payments, existing?.id),
  );
  const row = existing
    ? await updatePayment(db, existing.id, { baseAmountCents: amountCents, tipAmountCents: 0 })
    : await insertPayment(db, {
        orderId: order.id,
        paymentMethod: PAYMENT_METHOD.GiftCard,
        processorCode: null,
        baseAmountCents: amountCents,
        tipAmountCents: 0,
        giftCardId: card.cardId,
        lastFour: card.lastFour,
      });
  if (!row) throw notFound('PaymentNotFound', 'The payment does not exist', ORDER_ERROR.InvalidPayment);
  await reamountRest(db, order);
  return row;
}

/** Section 5: a positive amount, at most the card's balance and at most what is due. */
function requireGiftCardAmount(amountCents: number, balanceCents: number, dueCents: number) {
  if (amountCents <= 0 || amountCents > balanceCents || amountCents > dueCents) throw giftCardAmountRefused();
}

/**
 * The balance of a gift card, dollars ('Invalid card' for a number its processor does not know). The order
 * must be the session's own: a lookup is made for an order, and counted against its session (routes).
 */
export async function giftCardBalance(
  db: Db,
  session: Session,
  orderId: number,
  code: string,
  giftCards: GiftCardProcessor,
) {
  await requireOwnedOrder(db, session, orderId);
  const card = await giftCards.lookup(giftCardDigits(code));
  if (!card) throw invalidGiftCard();
  return { balanceAmount: centsToDollars(card.balanceCents) };
}

async function requireOpenPayment(db: Db, orderId: number, paymentId: number) {
  const payment = await findPayment(db, orderId, paymentId);
  if (!payment) throw notFound('PaymentNotFound', 'The payment does not exist', ORDER_ERROR.InvalidPayment);
  if (payment.status === 'Approved') {
    throw conflict('PaymentCharged', 'The payment has already been charged', ORDER_ERROR.InvalidPayment);
  }
  return payment;
}

/**
 * Changes an uncharged payment. A gift card takes a new amount (same rules as applying it; no tip); the
 * payment for the rest new amounts (same total rule as creation) or its billing address.
 */
export async function patchPayment(
  db: Db,
  env: Env,
  session: Session,
  orderId: number,
  paymentId: number,
  body: PatchPaymentBody,
  giftCards: GiftCardProcessor = giftCardProcessorFor(env),
): Promise<Payment> {
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const payment = await requireOpenPayment(tx, orderId, paymentId);
    const payments = await findPaymentsByOrder(tx, orderId);
    if (isGiftCardRow(payment)) {
      if (body.tipAmount !== undefined && dollarsToCents(body.tipAmount) !== 0) {
        throw ruleBroken(
          'GiftCardTip',
          ORDER_ERROR.InvalidPaymentTotal,
          'A gift card payment carries no tip',
        );
      }
      const amountCents =
        body.baseAmount === undefined ? payment.baseAmountCents : dollarsToCents(body.baseAmount);
      const balanceCents = payment.giftCardId === null ? null : await giftCards.balance(payment.giftCardId);
      if (balanceCents === null) throw invalidGiftCard();
      requireGiftCardAmount(
        amountCents,
        balanceCents,
        order.totalCents - giftCardCentsOf(payments, payment.id),
      );
      const row = await updatePayment(tx, paymentId, { baseAmountCents: amountCents });
      if (!row) throw notFound('PaymentNotFound', 'The payment does not exist', ORDER_ERROR.InvalidPayment);
      await reamountRest(tx, order);
      return toPayment(env, row);
    }
    const giftCents = giftCardCentsOf(payments);
    const tipCents = body.tipAmount === undefined ? order.tipCents : dollarsToCents(body.tipAmount);
    const amounts = restAmounts(order, giftCents, tipCents);
    if (amounts === null) throw paymentTotalMismatch();
    const baseCents = body.baseAmount === undefined ? amounts.baseCents : dollarsToCents(body.baseAmount);
    if (baseCents !== amounts.baseCents) throw paymentTotalMismatch();
    if (body.billingAddress) await requireBillingAddressForStore(tx, order.locationId, body.billingAddress);
    await updateOrder(tx, orderId, { tipCents, totalCents: dueBeforeTip(order) + tipCents });
    const row = await updatePayment(tx, paymentId, {
      baseAmountCents: amounts.baseCents,
      tipAmountCents: amounts.tipCents,
      ...(body.billingAddress === undefined ? {} : { billingAddress: body.billingAddress }),
    });
    if (!row) throw notFound('PaymentNotFound', 'The payment does not exist', ORDER_ERROR.InvalidPayment);
    return toPayment(env, row);
  });
}

/**
 * Deletes an uncharged payment (a charged one is 409). The tip stays on the order. Removing a gift card
 * hands its amount back to the payment for the rest.
 */
export async function deletePayment(db: Db, session: Session, orderId: number, paymentId: number) {
  await db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const payment = await requireOpenPayment(tx, orderId, paymentId);
    await deletePaymentRow(tx, paymentId);
    if (isGiftCardRow(payment)) await reamountRest(tx, order);
  });
  return true;
}
