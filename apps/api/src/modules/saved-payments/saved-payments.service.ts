/**
 * Saved cards of a signed-in customer (checkout spec sections 3-7): listing, deleting and editing the billing
 * address of the customer's own cards; paying with one (its vault token is charged, no hosted frame and no
 * captcha); saving the card of an approved placement (`paymentIdToSave`: the processor vaults it, we keep its
 * token, brand, last four and billing address); and the checks a new card payment needs (the captcha unless the
 * customer is a signed-in loyalty customer, the billing address at the store's address-verification level).
 *
 * Saved cards need a user token (a guest token is 403) and the 'enable saved payments' feature flag: off, the
 * routes answer 403 SavedPaymentsDisabled, a payment with a saved card is refused and `paymentIdToSave` is
 * ignored (the order is still placed).
 */
import type { FastifyInstance } from 'fastify';
import type { AddressRequirement } from '@storefront/contracts/enum-values';
import { AddressRequirementSchema, PAYMENT_METHOD } from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import type { BillingAddress, CreatePaymentBody } from '@storefront/contracts/payments';
import { BillingAddressSchema, PaymentProcessorCodeSchema } from '@storefront/contracts/payments';
import {
  type SavedPayment,
  type SavedPaymentAddressBody,
  type SavedPaymentsQuery,
  cardLogo,
  isSavedAddressValidFor,
  maskCardNumber,
  validateBillingAddress,
} from '@storefront/contracts/saved-payments';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import type { Db } from '../../db/client';
import type { orders, payments } from '../../db/schema';
import { DomainError, forbidden, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { requireCaptcha } from '../../providers/captcha/index';
import type { BillingVerification, PaymentProcessor } from '../../providers/payment/payment-processor';
import { requireOwnedOrder } from '../checkout/checkout.service';
import { listFeatureFlags } from '../templates/templates.service';
import {
  findCardMethod,
  findSameCard,
  findSavedPayment,
  findSavedPaymentById,
  findSavedPayments,
  insertSavedPayment,
  refreshSavedPayment,
  softDeleteSavedPayment,
  updateSavedPaymentAddress,
  type SavedPaymentRow,
} from './saved-payments.repository';

type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const savedPaymentNotFound = () => notFound('SavedPaymentNotFound', 'The saved card does not exist');

/**
 * Levels read from the database: a missing one is the column default (ZipCodeOnly), an unknown one the strictest
 * (nothing is waved through).
 */
const levelOf = (raw: string | null | undefined): AddressRequirement =>
  AddressRequirementSchema.catch('AddressAndZipCode').parse(raw ?? 'ZipCodeOnly');

function toBillingAddress(raw: unknown): BillingAddress | null {
  const parsed = BillingAddressSchema.safeParse(raw);
  return raw && parsed.success ? parsed.data : null;
}

export function toSavedPayment(row: SavedPaymentRow): SavedPayment {
  return {
    id: row.id,
    maskedCardNumber: maskCardNumber(row.lastFour),
    cardLogo: cardLogo(row.cardBrand),
    paymentProcessorCode: PaymentProcessorCodeSchema.catch('AURUS_HOSTED').parse(row.processorCode),
    billingAddress: toBillingAddress(row.billingAddress),
    avsCoverageLevel: row.avsCoverageLevel === null ? null : levelOf(row.avsCoverageLevel),
  };
}

export async function isSavedPaymentsEnabled(db: Db): Promise<boolean> {
  return (await listFeatureFlags(db)).some((f) => f.name === FEATURE_FLAG.savedPayments && f.enabled);
}

/** The customer of a user token with the flag on; 403 for a guest token or with saved cards turned off. */
async function requireSavedPaymentsCustomer(db: Db, session: Session): Promise<number> {
  if (session.userId === null) throw forbidden('Sign in to use saved cards');
  if (!(await isSavedPaymentsEnabled(db))) {
    throw new DomainError(403, {
      key: 'SavedPaymentsDisabled',
      code: 403,
      message: 'Saved cards are not enabled',
    });
  }
  return session.userId;
}

/** GET guests/saved-payments: the customer's cards, the last saved first (the storefront preselects it). */
export async function listSavedPayments(db: Db, session: Session, query: SavedPaymentsQuery) {
  const customerId = await requireSavedPaymentsCustomer(db, session);
  return (await findSavedPayments(db, customerId, query.paymentProcessorCode)).map(toSavedPayment);
}

/** DELETE guests/saved-payments/{id}: the card is gone from every list and can no longer pay. */
export async function deleteSavedPayment(db: Db, session: Session, id: number) {
  const customerId = await requireSavedPaymentsCustomer(db, session);
  if (!(await softDeleteSavedPayment(db, customerId, id, new Date()))) throw savedPaymentNotFound();
  return true;
}

/** 400 with the section-5 message of each wrong field, keyed like the request validation (`body.postalCode`). */
function requireAddressAt(
  address: BillingAddress | null | undefined,
  level: AddressRequirement,
  keyPrefix: string,
) {
  const problems = Object.entries(validateBillingAddress(address, level));
  if (problems.length > 0) {
    throw new DomainError(
      400,
      problems.map(([field, message]) => ({ key: `${keyPrefix}${field}`, code: 400, message })),
    );
  }
}

/**
 * PATCH guests/saved-payments/{id}/address: a new billing address, checked at the level the storefront names
 * (its store's), which the card keeps so that another store with another level asks for the address again.
 */
export async function patchSavedPaymentAddress(
  db: Db,
  session: Session,
  id: number,
  body: SavedPaymentAddressBody,
) {
  const customerId = await requireSavedPaymentsCustomer(db, session);
  const { avsCoverageLevel, ...address } = body;
  requireAddressAt(address, avsCoverageLevel, 'body.');
  const row = await updateSavedPaymentAddress(db, customerId, id, {
    billingAddress: address,
    avsCoverageLevel,
  });
  if (!row) throw savedPaymentNotFound();
  return toSavedPayment(row);
}

/* ---------- Hooks of payment creation (payments.service.ts, payments.routes.ts) ---------- */

/**
 * Before a payment is created (outside its transaction: a spent captcha is written through the root handle):
 * a new credit-card payment, without a saved card, needs a valid captcha for the 'payment' action (422 9902,
 * key 'Recaptcha' or 'ChallengeExpired'). The order is checked first, so another session's order stays 404.
 */
export async function requireNewCardCaptcha(
  app: FastifyInstance,
  session: Session,
  orderId: number,
  body: Pick<CreatePaymentBody, 'paymentMethod' | 'savedPaymentId' | 'recaptchaInput'>,
): Promise<void> {
  if (body.paymentMethod !== PAYMENT_METHOD.CreditCard || body.savedPaymentId != null) return;
  // Only a signed-in loyalty customer would be spared (spec section 6), and no loyalty login exists yet (the
  // accounts module answers loyaltyProvider None): every guest and customer answers the captcha.
  if (!app.config.PAYMENT_CAPTCHA) return;
  await requireOwnedOrder(app.db, session, orderId, { open: true });
  await requireCaptcha(app, body.recaptchaInput ?? undefined, 'payment');
}

/** The store's credit-card method as the saved-card checks need it. */
export interface CardMethodConfig {
  processorCode: string | null;
  avsCoverageLevel: string;
}

/**
 * What a new credit-card payment row gets beyond its amounts (inside createPayment's transaction):
 * with `savedPaymentId`, the customer's live card whose billing address is valid at the store's level (no
 * hosted session: its vault token is charged at placement); without, the body's billing address checked at
 * the store's level when given (the sandbox verifies it at placement).
 */
export async function cardPaymentValues(
  db: Db,
  session: Session,
  config: CardMethodConfig,
  body: Pick<CreatePaymentBody, 'savedPaymentId' | 'billingAddress'>,
): Promise<{ savedPaymentId?: number; hostedSessionId?: null; billingAddress?: BillingAddress | null }> {
  const level = levelOf(config.avsCoverageLevel);
  if (body.savedPaymentId == null) {
    if (body.billingAddress) requireAddressAt(body.billingAddress, level, 'body.billingAddress.');
    return {};
  }
  const customerId = await requireSavedPaymentsCustomer(db, session);
  const saved = await findSavedPayment(db, customerId, body.savedPaymentId);
  if (!saved) throw savedPaymentNotFound();
  if (saved.processorCode !== config.processorCode) {
    throw ruleBroken(
      'SavedPaymentProcessor',
      ORDER_ERROR.InvalidPayment,
      "This saved card cannot be used at this store's payment processor",
    );
  }
  const billingAddress = toBillingAddress(saved.billingAddress);
  if (
    !isSavedAddressValidFor(
      {
        billingAddress,
        avsCoverageLevel: saved.avsCoverageLevel === null ? null : levelOf(saved.avsCoverageLevel),
      },
      level,
    )
  ) {
    throw ruleBroken(
      'SavedPaymentAddress',
      ORDER_ERROR.InvalidPayment,
      "The saved card's billing address must be updated before paying with it",
    );
  }
  return { savedPaymentId: saved.id, hostedSessionId: null, billingAddress };
}

/** PATCH of a payment's billing address (payments.service.ts): checked at the store's level like creation. */
export async function requireBillingAddressForStore(
  db: Db,
  locationId: number,
  address: BillingAddress | null,
) {
  const method = await findCardMethod(db, locationId);
  if (address) requireAddressAt(address, levelOf(method?.avsCoverageLevel), 'body.billingAddress.');
}

/* ---------- Hooks of placement (place-order.service.ts) ---------- */

export interface CardChargeSource {
  /** The one-time token of the hosted frame, or the saved card's vault token. */
  token: string;
  /** The address the processor verifies, at the store's level. */
  billing: BillingVerification;
  /** Whether the card is to be saved for the customer once approved. */
  save: boolean;
}

const invalidToken = () =>
  ruleBroken('PaymentToken', ORDER_ERROR.InvalidPayment, 'The payment token is not valid for this order');

/**
 * What placement charges for the order's card payment (inside its transaction): a payment made with a saved
 * card charges that card's vault token (no paymentToken needed; the card must still be the signed-in customer's
 * and not deleted), any other the one-time token of the payment's own hosted card session or wallet session,
 * signed by the processor for us. `paymentIdToSave` must
 * name this payment (422 otherwise); it saves the card only for a signed-in customer with saved cards on.
 */
export async function cardChargeSource(
  db: Db,
  processor: PaymentProcessor,
  session: Session,
  order: Pick<OrderRow, 'locationId'>,
  payment: Pick<
    PaymentRow,
    | 'id'
    | 'paymentMethod'
    | 'savedPaymentId'
    | 'billingAddress'
    | 'processorCode'
    | 'hostedSessionId'
    | 'walletSessionId'
    | 'baseAmountCents'
    | 'tipAmountCents'
  >,
  body: { paymentToken?: string | null; paymentIdToSave?: number | null },
  /** The store's card method as the caller read it already (null: none); read here when undefined. */
  cardMethod?: { avsCoverageLevel: string | null } | null,
): Promise<CardChargeSource> {
  if (
    body.paymentIdToSave != null &&
    (body.paymentIdToSave !== payment.id || payment.paymentMethod !== PAYMENT_METHOD.CreditCard)
  ) {
    throw ruleBroken(
      'PaymentToSave',
      ORDER_ERROR.InvalidPayment,
      'Only the card payment of this order can be saved',
    );
  }
  // Address verification is the card's: a wallet payment is verified by its wallet, not against a typed address.
  const level =
    payment.paymentMethod === PAYMENT_METHOD.CreditCard
      ? levelOf(
          (cardMethod === undefined ? await findCardMethod(db, order.locationId) : cardMethod)
            ?.avsCoverageLevel,
        )
      : 'None';
  if (payment.savedPaymentId !== null) {
    const saved = await findSavedPaymentById(db, payment.savedPaymentId);
    if (!saved || saved.deletedAt !== null || saved.customerId !== session.userId) {
      throw ruleBroken('SavedPayment', ORDER_ERROR.InvalidPayment, 'The saved card is no longer available');
    }
    return {
      token: saved.vaultToken,
      billing: { address: toBillingAddress(saved.billingAddress), level },
      save: false,
    };
  }
  // The token came back through the guest's browser: it counts only with the processor's signature for us,
  // made by this payment's own hosted card session (or wallet session, for the amount due).
  const token = body.paymentToken;
  const verified = token ? processor.verifyToken(token) : null;
  const sessionId =
    payment.paymentMethod === PAYMENT_METHOD.CreditCard ? payment.hostedSessionId : payment.walletSessionId;
  if (!token || !verified || verified.kind !== 'one-time' || !sessionId || verified.sessionId !== sessionId)
    throw invalidToken();
  if (
    payment.paymentMethod !== PAYMENT_METHOD.CreditCard &&
    verified.amountCents !== payment.baseAmountCents + payment.tipAmountCents
  ) {
    throw ruleBroken(
      'PaymentToken',
      ORDER_ERROR.InvalidPayment,
      'The amount to pay has changed: start the wallet payment again',
    );
  }
  const save = body.paymentIdToSave != null && session.userId !== null && (await isSavedPaymentsEnabled(db));
  return { token, billing: { address: toBillingAddress(payment.billingAddress), level }, save };
}

/**
 * After the processor approved `chargeId` (same transaction): vaults the card and keeps it for the customer
 * when the source says so. Saving the same card again (processor, brand, last four) refreshes that card. A
 * vault failure leaves the order placed and nothing saved: the charge went through, the card is a convenience.
 */
export async function saveApprovedCard(
  db: Db,
  processor: PaymentProcessor,
  session: Session,
  source: CardChargeSource,
  charge: { chargeId: string; processorCode: string | null },
): Promise<SavedPaymentRow | null> {
  if (!source.save || session.userId === null) return null;
  const vaulted = await processor.vault({ chargeId: charge.chargeId });
  if (!vaulted.ok) return null;
  const values = {
    customerId: session.userId,
    processorCode: charge.processorCode ?? processor.code,
    vaultToken: vaulted.vaultToken,
    cardBrand: vaulted.brand,
    lastFour: vaulted.lastFour,
    billingAddress: source.billing.address,
    avsCoverageLevel: source.billing.level,
  };
  const same = await findSameCard(db, values);
  if (same) return refreshSavedPayment(db, same.id, values);
  return insertSavedPayment(db, values);
}
