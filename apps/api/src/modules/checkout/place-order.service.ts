/**
 * Placing an order (POST close-requests). No transaction is open and no row is locked while the processor is
 * asked for money (a real processor answers in 200-2,000 ms, or not at all):
 *   (a) a short transaction locks the order, checks the rules and records a placement attempt with the
 *       processor keys it will carry (placement_attempts, 'authorizing', at most one per order), and commits;
 *   (b) the gift cards are captured, then what is due after them is charged to the card or wallet token, each
 *       under its attempt's key (an unanswered call is asked again with the same key, then looked up by it);
 *   (c) a short transaction locks the order again, takes the attempt ('placed'), marks the payments approved,
 *       places the order, stores the answer with the Idempotency-Key and takes the kitchen slot last (the
 *       guarded slot upsert right before COMMIT).
 * When the order cannot be placed after all (a decline, an outage, a full kitchen, an order changed or placed
 * meanwhile) the attempt becomes 'reversing' and its money goes back at once: the captures released, an
 * approved charge voided (attempt-reversal.ts); what a dead process leaves is reversed by the reconciliation
 * worker (jobs/reconcile-payments.ts). A second placement of the order while an attempt runs answers 409; the
 * same Idempotency-Key once its lease is over (the first request died), or any key once the attempt is older
 * than the lease, takes the attempt over with its keys, so the processor answers the first charge instead of
 * charging twice. An order that asks the processor for nothing (pay at the store, nothing due) is placed by
 * (c) alone, which then claims its Idempotency-Key too: one transaction, one commit. Every placement, on every
 * path, is placed by the same transaction (placeLocked); only recording an attempt beside a running one (its
 * takeover, or 409) keeps a transaction of its own (placeOrder's (a)).
 */
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { ApiError } from '@storefront/contracts/api';
import type { CloseRequestBody, CloseRequestResult } from '@storefront/contracts/payments';
import { GIFT_CARD_MESSAGES, PAYMENT_MESSAGES } from '@storefront/contracts/payments';
import { APP_ERROR, ORDER_ERROR } from '@storefront/contracts/errors';
import { FULFILLMENT_METHOD, ORDER_STATUS, PAYMENT_METHOD } from '@storefront/contracts/enums';
import { centsToDollars } from '@storefront/contracts/money';
import { formatZonedIso } from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import { idempotencyKeys, payments, placementAttempts, type AttemptCapture } from '../../db/schema/payments';
import { orders } from '../../db/schema/orders';
import { locations } from '../../db/schema/locations';
import { brandMessageTemplates } from '../../db/schema/messaging';
import { rowOf, runStatement } from '../../db/statements';
import type { KnownLoad } from '../capacity/capacity.service';
import type { SlotCapacity } from '@storefront/contracts/capacity';
import { findCatalogRecord, locationForOrderingOf } from '../locations/locations.service';
import { findLocation as findLocationRecord, type LocationRecord } from '../locations/locations.repository';
import { brandMessagesOf } from '../notifications/message-templates';
import { receiptEmail, receiptOf, type ReceiptSource } from '../notifications/order-receipt';
import { orderingStateOf } from './location-state';
import { LOCK, START, WRITE } from './placement.statements';
import { DomainError, conflict, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { sandboxDoordashDrive } from '../../providers/delivery/delivery-provider';
import type { AuthorizeResult, PaymentProcessor } from '../../providers/payment/payment-processor';
import type { GiftCardProcessor } from '../../providers/payment/gift-card-processor';
import { findPaymentsByOrder, updatePayment, type PaymentRow } from '../payments/payments.repository';
import {
  estimateKitchenReadyTime,
  hasKitchenRoom,
  kitchenFull,
  readyTimeFrom,
  reserveKitchenSlot,
  roomFrom,
} from '../capacity/capacity.service';
import { redeemOrderCoupon } from '../discounts/discounts.service';
import { checkOrderRewardPoints, holdOrderRewardPoints } from '../loyalty/order-rewards.service';
import {
  cardChargeSource,
  saveApprovedCard,
  type CardChargeSource,
} from '../saved-payments/saved-payments.service';
import {
  payLaterIdentityOf,
  payLaterLockKeysOf,
  requirePayLaterRoom,
  requirePayLaterTotal,
  type PayLaterContext,
  type PayLaterIdentity,
  type PayLaterSettings,
} from '../pay-later/pay-later.service';
import { lockKeys, type OpenPayLaterCounts } from '../pay-later/pay-later.repository';
import {
  findItemsOfOrders,
  findLocation,
  findOrder,
  findPlacedCloseRequest,
  insertCloseRequest,
  updateOrder,
  type OrderRow,
} from './checkout.repository';
import {
  findAuthorizingAttempt,
  insertAttempt,
  moveAttempt,
  type PlacementAttemptRow,
} from './placement-attempts.repository';
import { reverseAttempt } from './attempt-reversal';
import {
  keyInUse,
  requestHash,
  resumeIdempotent,
  runClaimed,
  runIdempotent,
  storeFailure,
  type Claim,
  type IdempotentOutcome,
  type IdempotentRequest,
  type Settle,
} from './idempotency';
import { programNameOf } from '../../providers/loyalty/open-provider';
import type { NotificationContext } from '../notifications/message-templates';
import {
  checkoutErrorsOf,
  orderAlreadyPlaced,
  orderNotFound,
  preCheckoutErrors,
  requireOwnedOrder,
} from './checkout.service';

/** Reference numbers avoid look-alike characters (no 0/O, 1/I). */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function referenceNumberFor(orderId: number): string {
  let suffix = '';
  for (let i = 0; i < 4; i += 1) suffix += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)] ?? 'X';
  return `${orderId}-${suffix}`;
}

export function orderNumberFor(orderId: number): string {
  return String(orderId % 10_000).padStart(4, '0');
}

/** How long an attempt of another Idempotency-Key holds the order unless PlaceOrderInput says otherwise. */
const DEFAULT_ATTEMPT_HOLD_MS = 30_000;

export interface PlaceOrderInput {
  session: Session;
  orderId: number;
  body: CloseRequestBody;
  idempotencyKey: string;
  now?: Date;
  /** Stores the answer with the Idempotency-Key inside the placement's transaction (see idempotency.ts). */
  settle?: Settle;
  /** The gift-card processor (providers/payment giftCardProcessorFor, or a test's). */
  giftCards: GiftCardProcessor;
  /** The pay-later limits and the request's client address (an order left to pay at the store). */
  payLater: PayLaterContext;
  /** Signs the receipt's tracking link (modules/notifications). */
  notifications: NotificationContext;
  /**
   * How long a running attempt of another Idempotency-Key keeps the order (409 meanwhile); an older one was
   * left by a request that died and is taken over (the Idempotency-Key lease).
   */
  attemptHoldMs?: number;
}

function declinedErrors(message: string): ApiError[] {
  return [
    {
      key: 'TransactionNotAuthorized',
      code: APP_ERROR.TransactionNotAuthorized,
      message: message || PAYMENT_MESSAGES.notAuthorized,
    },
  ];
}

const serviceUnavailable = (message?: string) =>
  new DomainError(502, {
    key: 'PaymentServiceUnavailable',
    code: APP_ERROR.Internal,
    message: message || PAYMENT_MESSAGES.serviceUnavailable,
  });

const placementInProgress = () =>
  conflict('PlacementInProgress', 'The order is being placed by another request; retry');

function placedResult(
  orderId: number,
  referenceNumber: string,
  placedAt: Date,
  timeZone: string | undefined,
  approvedCents: number,
): CloseRequestResult {
  return {
    orderId,
    referenceNumber,
    orderNumber: orderNumberFor(orderId),
    statusId: ORDER_STATUS.Received,
    placedAt: formatZonedIso(placedAt.getTime(), timeZone ?? 'UTC'),
    approvedAmount: centsToDollars(approvedCents),
  };
}

const paymentTotalMismatch = () =>
  ruleBroken('PaymentTotal', ORDER_ERROR.InvalidPaymentTotal, 'The payment does not match the order total');

/**
 * The answer of a placement made with `idempotencyKey` that committed, rebuilt from what it wrote (the order,
 * its 'placed' close request and the approved payment); null when no such placement committed.
 */
export async function findPlacedResult(
  db: Db,
  orderId: number,
  idempotencyKey: string,
): Promise<CloseRequestResult | null> {
  const placed = await findPlacedCloseRequest(db, orderId, idempotencyKey);
  if (!placed) return null;
  const order = await findOrder(db, orderId);
  if (!order?.placedAt || !order.referenceNumber) return null;
  const location = await findLocation(db, order.locationId);
  // What was approved: the card's charge and every captured gift card.
  const approvedCents = (await findPaymentsByOrder(db, orderId))
    .filter((p) => p.status === 'Approved')
    .reduce((sum, p) => sum + (p.approvedAmountCents ?? 0), 0);
  return placedResult(orderId, order.referenceNumber, order.placedAt, location?.timeZone, approvedCents);
}

/**
 * POST close-requests: places the order at most once per Idempotency-Key (idempotency.ts); a key left
 * 'processing' by a crash is recovered once its lease is over (the committed answer replayed, or placed again).
 * START tells which way: an order the processor is asked about has its key claimed and its attempt recorded by
 * START itself (committed before the processor call); one that asks the processor nothing is placed by one
 * transaction that claims its key too; a known key is replayed (409 while it runs, recovered after its lease).
 */
export async function placeOrderOnce(
  db: Db,
  processor: PaymentProcessor,
  input: Omit<PlaceOrderInput, 'settle'>,
  leaseMs: number,
): Promise<IdempotentOutcome<CloseRequestResult>> {
  const request = {
    scope: input.session.sid,
    key: input.idempotencyKey,
    orderId: input.orderId,
    fingerprint: { path: `close-requests/${input.orderId}`, body: input.body },
  };
  const now = input.now ?? new Date();
  const lease = new Date(Date.now() + leaseMs);
  const tag = randomBytes(6).toString('hex');
  const hash = requestHash(request.fingerprint);
  const [row] = await runStatement<StartRow>(db, START, [
    request.scope,
    request.key,
    hash,
    lease,
    input.orderId,
    input.session.sid,
    tag,
    now,
  ]);
  if (!row) throw new Error('START answered no row');
  // The general path: a running attempt taken over or refused (409), a key recovered after its lease.
  const general = (settle: Settle) =>
    placeOrder(db, processor, { attemptHoldMs: leaseMs, ...input, now, settle });
  const options = {
    leaseMs,
    recover: (current: Db) => findPlacedResult(current, input.orderId, input.idempotencyKey),
  };
  if (row.claim_id !== null) {
    const claim = { id: row.claim_id, lease };
    // Another attempt running: the general path answers it (409, or its takeover once it is stale).
    if (!row.attempt || !row.order) return runClaimed(db, claim, general);
    const started = startedOf(row);
    return runClaimed(db, claim, (settle) =>
      placeStarted(db, processor, { ...input, now, settle }, started, settle),
    );
  }
  // The key was known: its answer replayed, 409 while it runs, or recovered once its lease is over.
  if (row.known_key) {
    return resumeIdempotent(db, request, rowOf(idempotencyKeys, row.known_key), general, options);
  }
  // The key was claimed by a request that committed after START began: runIdempotent reads it.
  if (row.asks_processor) return runIdempotent(db, request, general, options);
  // Nothing to ask the processor (or an order that is not the session's, or placed already).
  return placeAtOnce(db, { ...input, now }, row, { request, hash, lease }, () =>
    runIdempotent(db, request, general, options),
  );
}

/** An Idempotency-Key claimed by the placing transaction itself (LOCK), with the lease it is written with. */
interface NewClaim {
  request: IdempotentRequest;
  hash: string;
  lease: Date;
}

/** How a placing transaction holds its key: claimed before it (settle), or claimed by its LOCK. */
type KeyHold = { settle: Settle } | { claim: NewClaim };

/** The key was claimed by another request between START and LOCK: that request's answer is the key's. */
class KeyTaken extends Error {
  constructor() {
    super('the Idempotency-Key was claimed by another request');
  }
}

/** Another transaction is placing with the same Idempotency-Key at this moment (409 while it runs). */
class KeyBusy extends Error {
  constructor() {
    super('the Idempotency-Key is being placed with by another request');
  }
}

/** The locked order asks the processor after all (changed since it was read): it takes the attempt's path. */
class NeedsProcessor extends Error {
  constructor() {
    super('the order asks the processor');
  }
}

const NO_APPROVALS: Approvals = { card: null, gifts: [] };

/**
 * An order that asks the processor nothing (pay at the store, nothing due after gift cards and rewards),
 * placed by one transaction that claims its Idempotency-Key (LOCK) and stores its answer (WRITE): BEGIN, LOCK,
 * WRITE, the slot upsert, COMMIT. A refusal (404, 409, 422) rolls the transaction back and is then stored as
 * the key's answer; a key claimed meanwhile by another request, or an order that asks the processor after all,
 * goes the general way (`otherwise`).
 */
async function placeAtOnce(
  db: Db,
  input: Omit<PlaceOrderInput, 'settle'> & { now: Date },
  start: StartRow,
  claim: NewClaim,
  otherwise: () => Promise<IdempotentOutcome<CloseRequestResult>>,
): Promise<IdempotentOutcome<CloseRequestResult>> {
  const order = start.order ? rowOf(orders, start.order) : null;
  const location = start.location ? rowOf(locations, start.location) : null;
  const store = order ? await storeRecordOf(db, location, order.locationId, input.now) : null;
  const keys = order
    ? payLaterKeysOf(
        order,
        start.payments.map((p) => rowOf(payments, p)),
        input,
      )
    : [];
  try {
    const value = await db.transaction((tx) =>
      placeLocked(tx, input, null, store, NO_APPROVALS, { claim }, keys),
    );
    return { value, replayed: false };
  } catch (error) {
    if (error instanceof KeyTaken || error instanceof NeedsProcessor) return otherwise();
    // Another request is placing with this key now: 409, its answer not ours to store.
    if (error instanceof KeyBusy) throw keyInUse();
    if (error instanceof DomainError && error.status < 500) {
      // Stored as a held key's refusal is (runClaimed); claimed meanwhile, the key answers what its holder did.
      if (!(await storeFailure(db, claim.request, error))) return otherwise();
    }
    throw error;
  }
}

/**
 * The pay-later advisory lock keys of an order that leaves something to pay at the store (none otherwise),
 * from the order as read before its lock: LOCK takes them right after the order's row lock.
 */
function payLaterKeysOf(
  order: OrderRow,
  rows: PaymentRow[],
  input: Pick<PlaceOrderInput, 'session' | 'payLater'>,
): number[] {
  const paysLater = rows.some(
    (p) => p.paymentMethod === PAYMENT_METHOD.OfflineCredit && p.status !== 'Approved',
  );
  return paysLater ? payLaterLockKeysOf(payLaterIdentityOf(order, input.session.userId, input.payLater)) : [];
}

/** What START answers (placement.statements.ts); rows as JSON with their column names. */
interface StartRow extends KitchenJson {
  claim_id: number | null;
  asks_processor: boolean;
  known_key: Record<string, unknown> | null;
  attempt: Record<string, unknown> | null;
  order: Record<string, unknown> | null;
  payments: Record<string, unknown>[];
  line_count: number;
  quantity: number;
  location: Record<string, unknown> | null;
  has_reward: boolean;
  card_method: { avs_coverage_level: string } | null;
}

interface KitchenJson {
  capacity: { max_orders: number | null; max_items: number | null } | null;
  loads: { slotStart: string; orders: number; items: number }[];
}

/** The kitchen's capacity and loads as START and LOCK read them. */
function kitchenOf(row: KitchenJson): { capacity: SlotCapacity | null; loads: KnownLoad[] } {
  return {
    capacity: row.capacity && { maxOrders: row.capacity.max_orders, maxItems: row.capacity.max_items },
    loads: row.loads.map((l) => ({ slotStart: new Date(l.slotStart), orders: l.orders, items: l.items })),
  };
}

/** A placement whose attempt START recorded, with what the rules need. */
type LocationRow = typeof locations.$inferSelect;

interface StartedPlacement {
  attempt: PlacementAttemptRow;
  order: OrderRow;
  payments: PaymentRow[];
  lineCount: number;
  quantity: number;
  location: LocationRow | null;
  kitchen: { capacity: SlotCapacity | null; loads: KnownLoad[] };
  hasReward: boolean;
  cardMethod: { avsCoverageLevel: string } | null;
}

function startedOf(row: StartRow): StartedPlacement {
  if (!row.attempt || !row.order) throw new Error('placement not started');
  return {
    attempt: rowOf(placementAttempts, row.attempt),
    order: rowOf(orders, row.order),
    payments: row.payments.map((p) => rowOf(payments, p)),
    lineCount: row.line_count,
    quantity: row.quantity,
    location: row.location && rowOf(locations, row.location),
    kitchen: kitchenOf(row),
    hasReward: row.has_reward,
    cardMethod: row.card_method && { avsCoverageLevel: row.card_method.avs_coverage_level },
  };
}

/**
 * The store's ordering state from its fresh row (every setting, the online switch) and the cached catalogue's
 * hours and holidays; read whole when the catalogue does not hold it yet. Outside any transaction (the
 * catalogue may load).
 */
async function storeRecordOf(
  db: Db,
  fresh: LocationRow | null,
  locationId: number,
  now: Date,
): Promise<LocationRecord | null> {
  if (!fresh) return null;
  const cached = await findCatalogRecord(db, locationId, now.getTime());
  if (!cached) return findLocationRecord(db, locationId);
  return { ...cached, ...fresh };
}

/** The ordering state of a store's record at `now` (null: no such store). */
const stateOf = (record: LocationRecord | null, now: Date) =>
  record && orderingStateOf(locationForOrderingOf(record, now.getTime()));

/** Refuses (422) an order the pre-checkout rules refuse. */
function requireCheckoutRules(errors: { code: number; message: string }[]) {
  if (errors.length > 0) {
    throw new DomainError(
      422,
      errors.map((e) => ({ key: 'PreCheckout', code: e.code, message: e.message })),
    );
  }
}

/**
 * The happy path of a placement the processor is asked about, after START recorded its attempt: the rules on
 * what START read (a refusal ends the attempt: nothing was asked of the processor yet), (b) the processor
 * calls, then one transaction: LOCK, the rules again, WRITE, the guarded slot upsert, COMMIT.
 */
async function placeStarted(
  db: Db,
  processor: PaymentProcessor,
  input: PlaceOrderInput & { now: Date },
  started: StartedPlacement,
  settle: Settle,
): Promise<CloseRequestResult> {
  const { now } = input;
  const { attempt, order } = started;
  const store = await storeRecordOf(db, started.location, order.locationId, now);
  let source: CardChargeSource | null = null;
  try {
    requireCheckoutRules(checkoutErrorsOf(order, started.lineCount, stateOf(store, now), now));
    const plan = planOf(order, started.payments, started.quantity, started.location);
    const earliest = new Date(now.getTime() + plan.prepMinutes * 60_000);
    const { capacity, loads } = started.kitchen;
    const room = order.scheduledReadyAt
      ? roomFrom(capacity, loads, order.scheduledReadyAt, plan.items)
      : readyTimeFrom(capacity, loads, plan.items, earliest) !== null;
    if (!room) throw kitchenFull();
    // A reward the member's points no longer cover is refused before the card is charged (23002).
    if (started.hasReward) await checkOrderRewardPoints(db, order, input.session.userId);
    const charged = chargedPayment(plan);
    source = charged
      ? await cardChargeSource(db, processor, input.session, order, charged, input.body, started.cardMethod)
      : null;
    if (!attemptFits(attempt, plan)) throw paymentTotalMismatch();
  } catch (error) {
    // Nothing was asked of the processor: the attempt ends here.
    await moveAttempt(db, attempt.id, ['authorizing'], 'reversed').catch(() => null);
    throw error;
  }

  // (b) The processor calls, no transaction open.
  const approvals = await askProcessor(db, processor, input, attempt, source);

  // (c) One transaction: the order locked and read with all the rules need, the writes, the slot last.
  let result: CloseRequestResult;
  try {
    result = await db.transaction((tx) => placeLocked(tx, input, attempt, store, approvals, { settle }, []));
  } catch (error) {
    if (!(error instanceof DomainError) || error.status >= 500) throw error;
    return abandon(db, processor, input, attempt, { outcome: 'failed', error });
  }
  await keepCard(
    db,
    processor,
    input,
    source,
    approvals,
    attempt.paymentId === null ? null : paymentProcessorCode(started.payments, attempt.paymentId),
  );
  return result;
}

const paymentProcessorCode = (rows: PaymentRow[], id: number) =>
  rows.find((p) => p.id === id)?.processorCode ?? null;

interface LockRow extends KitchenJson {
  key_free: boolean;
  claim_id: number | null;
  order: Record<string, unknown> | null;
  payments: Record<string, unknown>[];
  lines: ReceiptSource['lines'];
  location: Record<string, unknown> | null;
  has_reward: boolean;
  brand: { name: string; own: Record<string, unknown> | null } | null;
  loyalty: { pointsPerDollar: number; balance: number } | null;
  pay_later: PayLaterSettings | null;
}

/** What WRITE answers. */
interface WriteRow {
  placed: boolean;
  stored: boolean;
  pay_later_open: OpenPayLaterCounts | null;
}

/** The guest notification types as a PostgreSQL array literal ('{1,2}'), or null. */
const smallintArray = (values: readonly number[] | null | undefined) =>
  values ? `{${values.map((v) => Math.trunc(v)).join(',')}}` : null;

/**
 * The placing transaction, the same for every placement: LOCK (the order, the key claimed when it is not held
 * yet, the pay-later locks `payLaterKeys`), the rules on what it read, the coupon and reward holds where the
 * order has them, WRITE (its answer stored with the key, an unpaid order's pay-later record), the guarded slot
 * upsert. `attempt` is the processor's attempt whose approvals place the order; null for an order that asks
 * the processor nothing (NeedsProcessor when it does after all).
 */
async function placeLocked(
  tx: Db,
  input: PlaceOrderInput & { now: Date },
  attempt: PlacementAttemptRow | null,
  store: LocationRecord | null,
  approvals: Approvals,
  hold: KeyHold,
  payLaterKeys: readonly number[],
): Promise<CloseRequestResult> {
  const { now } = input;
  const claiming = 'claim' in hold ? hold.claim : null;
  const [locked] = await runStatement<LockRow>(tx, LOCK, [
    input.orderId,
    now,
    input.session.userId,
    claiming?.request.scope ?? null,
    claiming?.request.key ?? null,
    claiming?.hash ?? null,
    claiming?.lease ?? null,
    `{${payLaterKeys.join(',')}}`,
  ]);
  if (claiming && locked && !locked.key_free) throw new KeyBusy();
  if (claiming && locked && locked.claim_id === null) throw new KeyTaken();
  const claim: Claim =
    'settle' in hold ? hold.settle.claim : { id: locked?.claim_id ?? 0, lease: hold.claim.lease };
  const order = locked?.order ? rowOf(orders, locked.order) : null;
  if (!locked || !order || order.sessionId !== input.session.sid) throw orderNotFound();
  if (order.placedAt) throw orderAlreadyPlaced();
  const location = locked.location && rowOf(locations, locked.location);
  const state = location && store ? stateOf({ ...store, ...location }, now) : null;
  requireCheckoutRules(checkoutErrorsOf(order, locked.lines.length, state, now));
  const plan = planOf(
    order,
    locked.payments.map((p) => rowOf(payments, p)),
    locked.lines.reduce((sum, line) => sum + line.quantity, 0),
    location,
  );
  if (!attempt && (plan.gifts.length > 0 || chargedPayment(plan))) throw new NeedsProcessor();
  if (attempt && !attemptFits(attempt, plan)) throw paymentTotalMismatch();

  // The coupon's uses are counted under its row lock (21021 once used up).
  await redeemOrderCoupon(tx, order);
  // The reward's points are held the same way (a guarded update: never below zero; 23002 when gone).
  const heldPoints = locked.has_reward ? await holdOrderRewardPoints(tx, order, input.session.userId) : 0;
  // Left to pay at the store: within the store's largest amount here, its open unpaid orders counted by WRITE.
  let payLater: (PayLaterIdentity & { dueCents: number }) | null = null;
  if (plan.dueCents > 0 && plan.payment?.paymentMethod === PAYMENT_METHOD.OfflineCredit) {
    requirePayLaterTotal(locked.pay_later, input.payLater, plan.dueCents);
    const identity = payLaterIdentityOf(order, input.session.userId, input.payLater);
    // The guest's contact changed since the keys were chosen: the others are taken now (an extra statement).
    const missing = payLaterLockKeysOf(identity).filter((key) => !payLaterKeys.includes(key));
    if (missing.length > 0) await lockKeys(tx, missing);
    payLater = { ...identity, dueCents: plan.dueCents };
  }
  const approved = [
    ...(approvals.card
      ? [
          {
            id: approvals.card.paymentId,
            chargeId: approvals.card.chargeId,
            amountCents: approvals.card.amountCents,
            card: true,
            brand: approvals.card.brand,
            lastFour: approvals.card.lastFour,
          },
        ]
      : []),
    ...approvals.gifts.map((gift) => ({
      id: gift.paymentId,
      chargeId: gift.captureKey,
      amountCents: gift.amountCents,
      card: false,
      brand: null,
      lastFour: null,
    })),
  ];
  const approvedCents = approved.reduce((sum, p) => sum + p.amountCents, 0);
  const deliveryProviderRef = await bookDelivery(order);
  const earliest = new Date(now.getTime() + plan.prepMinutes * 60_000);
  const kitchen = kitchenOf(locked);
  // The ready time the slot upsert below confirms: the scheduled time, or the same walk over the slots' loads as
  // the upsert's (read by LOCK). Should the slot fill between the two, the upsert rolls to the next one and the
  // order's ready time follows (the receipt keeps this one).
  const provisionalReadyAt =
    order.scheduledReadyAt ??
    readyTimeFrom(kitchen.capacity, kitchen.loads, plan.items, earliest) ??
    earliest;
  const referenceNumber = referenceNumberFor(order.id);
  const guestNotificationTypes = input.body.guestNotificationTypes ?? null;
  const placed: OrderRow = {
    ...order,
    status: ORDER_STATUS.Received,
    placedAt: now,
    userId: input.session.userId ?? order.userId,
    expectedReadyAt: provisionalReadyAt,
    referenceNumber,
    deliveryProviderRef,
    guestNotificationTypes,
  };
  const brand = brandMessagesOf(
    locked.brand?.name ?? '',
    locked.brand?.own ? rowOf(brandMessageTemplates, locked.brand.own) : null,
  );
  // The e-mail receipt commits with the placement (a declined or failed attempt sends none).
  const receipt = await receiptOf(
    {
      order: placed,
      location,
      brandName: brand.brandName,
      templates: brand.templates,
      lines: locked.lines,
      // The balance LOCK read (the member's account row locked since), less what this order's hold took.
      loyalty: locked.loyalty && {
        programName: programNameOf(brand.brandName),
        pointsPerDollar: locked.loyalty.pointsPerDollar,
        balance: locked.loyalty.balance - heldPoints,
        held: heldPoints,
      },
    },
    input.notifications,
  );
  const mail = receipt ? receiptEmail(receipt) : null;
  const result = placedResult(order.id, referenceNumber, now, plan.timeZone, approvedCents);
  const [written] = await runStatement<WriteRow>(tx, WRITE, [
    attempt?.id ?? null,
    order.id,
    JSON.stringify(approved),
    now,
    input.session.userId,
    provisionalReadyAt,
    referenceNumber,
    deliveryProviderRef,
    smallintArray(guestNotificationTypes),
    plan.payment?.id ?? null,
    input.idempotencyKey,
    claim.id,
    claim.lease,
    JSON.stringify(result),
    randomUUID(),
    mail?.to ?? null,
    mail?.subject ?? null,
    mail?.text ?? null,
    mail?.html ?? null,
    payLater && JSON.stringify(payLater),
  ]);
  // Taken over meanwhile (the reconciliation reversed it): nothing of it may place the order.
  if (!written || (attempt && !written.placed)) throw serviceUnavailable();
  // The key was taken over (its lease ran out): this transaction rolls back rather than place twice.
  if (!written.stored) throw keyInUse();
  // A cap of what is left unpaid reached: the transaction rolls back.
  if (payLater) {
    requirePayLaterRoom(
      locked.pay_later,
      input.payLater,
      written.pay_later_open ?? { store: 0, customer: 0, phone: 0, email: 0, address: 0 },
    );
  }
  if ('settle' in hold) hold.settle.stored();
  // The store's hot row last: the kitchen slot is locked only for the COMMIT that follows.
  const reservation = await reserveKitchenSlot(tx, {
    locationId: order.locationId,
    fulfillmentMethod: order.fulfillmentMethod,
    items: plan.items,
    scheduledAt: order.scheduledReadyAt,
    earliest,
    capacity: kitchen.capacity,
  });
  if (reservation.readyAt.getTime() !== provisionalReadyAt.getTime()) {
    await updateOrder(tx, order.id, { expectedReadyAt: reservation.readyAt });
  }
  return result;
}

/** Delivery orders book the driver with the delivery provider (the sandbox DoordashDrive here). */
async function bookDelivery(order: OrderRow): Promise<string | null> {
  if (order.fulfillmentMethod !== FULFILLMENT_METHOD.Delivery || !order.deliveryLine1) return null;
  const booked = await sandboxDoordashDrive.createDelivery({
    orderId: order.id,
    locationId: order.locationId,
    dropoff: {
      line1: order.deliveryLine1,
      city: order.deliveryCity ?? '',
      stateCode: order.deliveryStateCode ?? '',
      zipCode: order.deliveryZipCode ?? '',
    },
    tipCents: order.driverTipCents ?? 0,
  });
  return booked.deliveryId;
}

/** What a placement of the order takes: read under the order's row lock. */
interface Plan {
  order: OrderRow;
  timeZone: string | undefined;
  prepMinutes: number;
  items: number;
  /** The gift cards not yet captured, in a fixed order (card id, then payment id). */
  gifts: PaymentRow[];
  giftCents: number;
  /** What is left after the gift cards, and the payment that pays it (card, wallet or offline credit). */
  dueCents: number;
  payment: PaymentRow | null;
}

/** A plan read under the order's lock, with the store's row and the order's payments as read. */
interface LoadedPlan extends Plan {
  location: LocationRow | null;
  payments: PaymentRow[];
}

/** Locks the order and checks everything a placement needs: 409 once placed, 422 for a broken rule. */
async function loadPlan(tx: Db, input: PlaceOrderInput, now: Date): Promise<LoadedPlan> {
  const order = await requireOwnedOrder(tx, input.session, input.orderId, { forUpdate: true });
  if (order.placedAt) throw orderAlreadyPlaced();
  const errors = await preCheckoutErrors(tx, order, now);
  if (errors.length > 0) {
    throw new DomainError(
      422,
      errors.map((e) => ({ key: 'PreCheckout', code: e.code, message: e.message })),
    );
  }
  const location = await findLocation(tx, order.locationId);
  const lines = await findItemsOfOrders(tx, [order.id]);
  const rows = await findPaymentsByOrder(tx, order.id);
  const plan = planOf(
    order,
    rows,
    lines.reduce((sum, line) => sum + line.quantity, 0),
    location,
  );
  return { ...plan, location, payments: rows };
}

/** The plan of an order from what was read: its payments, how many items it holds, its store's row. */
function planOf(
  order: OrderRow,
  payments: PaymentRow[],
  items: number,
  location: { timeZone: string; prepTimeMinutes: number } | null,
): Plan {
  const gifts = payments
    .filter((p) => p.paymentMethod === PAYMENT_METHOD.GiftCard && p.status !== 'Approved')
    .sort((a, b) => (a.giftCardId ?? 0) - (b.giftCardId ?? 0) || a.id - b.id);
  const giftCents = gifts.reduce((sum, p) => sum + p.baseAmountCents + p.tipAmountCents, 0);
  const dueCents = order.totalCents - giftCents;
  if (dueCents < 0) throw paymentTotalMismatch();
  let payment: PaymentRow | null = null;
  if (dueCents > 0) {
    payment =
      payments.filter((p) => p.paymentMethod !== PAYMENT_METHOD.GiftCard && p.status !== 'Approved').at(-1) ??
      null;
    if (!payment) throw ruleBroken('Payment', ORDER_ERROR.InvalidPayment, 'The order has no payment');
    if (payment.baseAmountCents + payment.tipAmountCents !== dueCents) throw paymentTotalMismatch();
  }
  return {
    order,
    timeZone: location?.timeZone,
    prepMinutes: location?.prepTimeMinutes ?? 15,
    items,
    gifts,
    giftCents,
    dueCents,
    payment,
  };
}

/** The payment charged at the processor (card or wallet), or null when nothing is charged there. */
const chargedPayment = (plan: Plan): PaymentRow | null =>
  plan.payment && plan.payment.paymentMethod !== PAYMENT_METHOD.OfflineCredit ? plan.payment : null;

/** Whether the attempt's keys were made for this plan (the same payments, amounts and total). */
function attemptFits(attempt: PlacementAttemptRow, plan: Plan): boolean {
  const charged = chargedPayment(plan);
  if (attempt.totalCents !== plan.order.totalCents) return false;
  if ((charged?.id ?? null) !== attempt.paymentId) return false;
  if (charged && attempt.chargeCents !== plan.dueCents) return false;
  const wanted = plan.gifts.map(
    (g) => `${g.id}:${g.giftCardId ?? 0}:${g.baseAmountCents + g.tipAmountCents}`,
  );
  const recorded = attempt.captures.map((c) => `${c.paymentId}:${c.cardId}:${c.amountCents}`);
  return wanted.join(',') === recorded.join(',');
}

/** Refuses (422 21037) before anything is charged when the kitchen has no room for the order now. */
async function requireKitchenRoom(tx: Db, plan: Plan, now: Date): Promise<void> {
  const { order } = plan;
  const room = order.scheduledReadyAt
    ? await hasKitchenRoom(tx, order.locationId, order.fulfillmentMethod, order.scheduledReadyAt, plan.items)
    : (await estimateKitchenReadyTime(tx, {
        locationId: order.locationId,
        fulfillmentMethod: order.fulfillmentMethod,
        items: plan.items,
        earliest: new Date(now.getTime() + plan.prepMinutes * 60_000),
      })) !== null;
  if (!room) throw kitchenFull();
}

/** What the processor approved for an attempt. */
interface Approvals {
  card: { paymentId: number; chargeId: string; amountCents: number; brand: string; lastFour: string } | null;
  gifts: { paymentId: number; captureKey: string; amountCents: number }[];
}

/** What (a) hands to the processor calls: the attempt, its plan, and the card's token when one is charged. */
interface Started {
  attempt: PlacementAttemptRow;
  source: CardChargeSource | null;
  /** The charged payment's processor (a saved card keeps it). */
  processorCode: string | null;
  /** The store's row as (a) read it. */
  location: LocationRow | null;
}

/**
 * The general path, for a key held already (settle): a running attempt of the order taken over or refused
 * (409), a key recovered after its lease, a START that raced another request. Places the order or throws:
 * 404/409/422 for rules, 422 886 for a decline, 502 500 for an outage. The order is placed by the same
 * transaction as the happy path's (placeLocked).
 */
async function placeOrder(
  db: Db,
  processor: PaymentProcessor,
  input: PlaceOrderInput & { settle: Settle },
): Promise<CloseRequestResult> {
  const now = input.now ?? new Date();
  const holdMs = input.attemptHoldMs ?? DEFAULT_ATTEMPT_HOLD_MS;

  // (a) The rules under the order's lock; the attempt recorded and committed before the first call, unless
  // the processor has nothing to do.
  const started = await db.transaction(
    async (tx): Promise<{ nothingDue: LoadedPlan } | { started: Started }> => {
      const plan = await loadPlan(tx, input, now);
      const charged = chargedPayment(plan);
      if (plan.gifts.length === 0 && !charged) return { nothingDue: plan };
      await requireKitchenRoom(tx, plan, now);
      // A reward the member's points no longer cover is refused before the card is charged (23002).
      await checkOrderRewardPoints(tx, plan.order, input.session.userId);
      // The frame's (or wallet's) one-time token, or the saved card's vault token, with the address to verify.
      const source = charged
        ? await cardChargeSource(tx, processor, input.session, plan.order, charged, input.body)
        : null;
      const processorCode = charged?.processorCode ?? null;
      const running = await findAuthorizingAttempt(tx, plan.order.id);
      if (running) {
        // The same key's request died (its lease is over), or another key's attempt outlived any request:
        // take it over with its keys when they fit the order, else hand it to the reversal and start anew.
        const left = running.createdAt.getTime() < now.getTime() - holdMs;
        if (running.idempotencyKey !== input.idempotencyKey && !left) throw placementInProgress();
        if (attemptFits(running, plan)) {
          return { started: { attempt: running, source, processorCode, location: plan.location } };
        }
        await moveAttempt(tx, running.id, ['authorizing'], 'reversing');
      }
      const tag = randomBytes(6).toString('hex');
      const captures: AttemptCapture[] = plan.gifts.map((gift) => ({
        paymentId: gift.id,
        cardId: gift.giftCardId ?? 0,
        captureKey: `capture:order-${plan.order.id}:payment-${gift.id}:attempt-${tag}`,
        amountCents: gift.baseAmountCents + gift.tipAmountCents,
      }));
      const attempt = await insertAttempt(tx, {
        orderId: plan.order.id,
        idempotencyKey: input.idempotencyKey,
        paymentId: charged?.id ?? null,
        chargeKey: charged ? `order-${plan.order.id}-payment-${charged.id}-attempt-${tag}` : null,
        chargeCents: charged ? plan.dueCents : null,
        totalCents: plan.order.totalCents,
        captures,
      });
      return { started: { attempt, source, processorCode, location: plan.location } };
    },
  );
  if ('nothingDue' in started) {
    // Placed by the one placing transaction, as placeAtOnce places it, under the key held already.
    const { order, location, payments: rows } = started.nothingDue;
    const store = await storeRecordOf(db, location, order.locationId, now);
    try {
      return await db.transaction((tx) =>
        placeLocked(
          tx,
          { ...input, now },
          null,
          store,
          NO_APPROVALS,
          { settle: input.settle },
          payLaterKeysOf(order, rows, input),
        ),
      );
    } catch (error) {
      // Changed under us twice: the key is released (5xx) and the guest's retry finds the order as it is.
      if (error instanceof NeedsProcessor) throw serviceUnavailable(ORDER_CHANGED_MESSAGE);
      throw error;
    }
  }
  const { attempt, source, processorCode, location } = started.started;

  // (b) The processor calls, no transaction open.
  const approvals = await askProcessor(db, processor, input, attempt, source);

  // (c) The placing transaction of the happy path: placed with what was approved, unless it can no longer be.
  let result: CloseRequestResult;
  try {
    const store = location && (await storeRecordOf(db, location, location.id, now));
    result = await db.transaction((tx) =>
      placeLocked(tx, { ...input, now }, attempt, store, approvals, { settle: input.settle }, []),
    );
  } catch (error) {
    // A rule refused the placement: its money goes back now. Anything else (the database lost) leaves the
    // attempt 'authorizing': whether it committed is unknown here, and the reconciliation decides.
    if (!(error instanceof DomainError) || error.status >= 500) throw error;
    return abandon(db, processor, input, attempt, { outcome: 'failed', error });
  }
  await keepCard(db, processor, input, source, approvals, processorCode);
  return result;
}

/** When an order changed between its reads so that it asks the processor after all. */
const ORDER_CHANGED_MESSAGE = 'The order changed while it was being placed; please try again';

/** The card is kept for the customer once the order is placed (a vault that fails only skips it). */
async function keepCard(
  db: Db,
  processor: PaymentProcessor,
  input: PlaceOrderInput,
  source: CardChargeSource | null,
  approvals: Approvals,
  processorCode: string | null,
): Promise<void> {
  if (!source?.save || !approvals.card) return;
  try {
    await saveApprovedCard(db, processor, input.session, source, {
      chargeId: approvals.card.chargeId,
      processorCode,
    });
  } catch (error) {
    console.error(`saving the card of order ${input.orderId} failed`, error);
  }
}

/**
 * (b) The processor calls of an attempt, no transaction open: the gift cards first (a card that no longer holds
 * its amount stops the placement before any charge), then the rest to the card or wallet. Answers what was
 * approved; anything else ends the attempt (abandon: its money back, the guest's error thrown).
 */
async function askProcessor(
  db: Db,
  processor: PaymentProcessor,
  input: PlaceOrderInput,
  attempt: PlacementAttemptRow,
  source: CardChargeSource | null,
): Promise<Approvals> {
  const approvals: Approvals = { card: null, gifts: [] };
  for (const capture of attempt.captures) {
    const outcome =
      capture.cardId === 0
        ? ({ status: 'insufficient', balanceCents: 0 } as const)
        : await input.giftCards.capture({
            cardId: capture.cardId,
            amountCents: capture.amountCents,
            idempotencyKey: capture.captureKey,
          });
    if (outcome.status === 'error') {
      return abandon(db, processor, input, attempt, {
        outcome: 'failed',
        error: serviceUnavailable(outcome.message),
      });
    }
    if (outcome.status === 'insufficient') {
      const error = ruleBroken(
        'GiftCardBalance',
        ORDER_ERROR.InvalidPaymentTotal,
        GIFT_CARD_MESSAGES.applyFailed,
      );
      return abandon(db, processor, input, attempt, { outcome: 'failed', error });
    }
    approvals.gifts.push({
      paymentId: capture.paymentId,
      captureKey: capture.captureKey,
      amountCents: capture.amountCents,
    });
  }
  if (attempt.chargeKey && attempt.paymentId !== null && source) {
    const charge: AuthorizeResult = await processor.authorize({
      token: source.token,
      billing: source.billing,
      amountCents: attempt.chargeCents ?? 0,
      idempotencyKey: attempt.chargeKey,
    });
    if (charge.status !== 'approved') {
      const declined = charge.status === 'declined';
      return abandon(db, processor, input, attempt, {
        outcome: declined ? 'declined' : 'failed',
        code: charge.code,
        paymentId: attempt.paymentId,
        error: declined
          ? new DomainError(422, declinedErrors(charge.message))
          : serviceUnavailable(charge.message),
      });
    }
    approvals.card = {
      paymentId: attempt.paymentId,
      chargeId: charge.chargeId,
      amountCents: charge.amountCents,
      brand: charge.brand,
      lastFour: charge.lastFour,
    };
  }

  return approvals;
}

/** The numeric code of an error's first entry (close_requests.code), 500 for a named one. */
function codeOf(error: DomainError): number {
  const code = error.errors[0]?.code;
  return typeof code === 'number' ? code : APP_ERROR.Internal;
}

/**
 * Ends an attempt that did not place the order: 'reversing' with the outcome recorded (a decline's answer
 * stored with its key, as a replay answers it again), then its money given back (attempt-reversal.ts). Throws
 * the guest's error. When the attempt was no longer 'authorizing' (taken over and placed, or reversed by the
 * reconciliation), its money is not ours to give back.
 */
async function abandon(
  db: Db,
  processor: PaymentProcessor,
  input: PlaceOrderInput,
  attempt: PlacementAttemptRow,
  end: { outcome: 'declined' | 'failed'; error: DomainError; code?: number; paymentId?: number },
): Promise<never> {
  const mine = await db.transaction(async (tx) => {
    const moved = await moveAttempt(tx, attempt.id, ['authorizing'], 'reversing');
    if (!moved) return null;
    if (end.paymentId !== undefined) {
      await updatePayment(tx, end.paymentId, {
        status: end.outcome === 'declined' ? 'Declined' : 'Failed',
        processorToken: null,
      });
    }
    await insertCloseRequest(tx, {
      orderId: attempt.orderId,
      paymentId: end.paymentId ?? null,
      idempotencyKey: input.idempotencyKey,
      outcome: end.outcome,
      code: end.code ?? codeOf(end.error),
    });
    // The decline is committed with its answer: a replay answers it again rather than a spent token.
    if (end.outcome === 'declined') await input.settle?.(tx, 422, { errors: end.error.errors });
    return moved;
  });
  if (mine) {
    await reverseAttempt(db, processor, input.giftCards, mine, { declined: end.outcome === 'declined' });
  }
  throw end.error;
}
