/**
 * Payments on orders, idempotency keys of order-placing requests, close-request attempts and the sandbox
 * processor's ledger. Card data never lands here: only the processor token, brand, last four and amounts.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_STATUS } from '@storefront/contracts/payments';
import { customers } from './accounts';
import { locations } from './locations';
import { orders } from './orders';

/**
 * The payment methods a store accepts (GET sales/orders/{id}/payment-methods answers these, in displayOrder):
 * CreditCard (5) through its processor (AURUS_HOSTED or EXPRESS), OfflineCredit (2, pay at the store),
 * GiftCard (6) and VirtualWallet (15, AURUS_APPLE_PAY_HOSTED). `id` is the method's id in that answer.
 */
export const locationPaymentMethods = pgTable(
  'location_payment_methods',
  {
    id: serial('id').primaryKey(),
    locationId: integer('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    /** PAYMENT_METHOD number. */
    paymentMethod: smallint('payment_method').notNull(),
    /** PAYMENT_PROCESSOR code; null for offline credit and gift cards. */
    processorCode: text('processor_code'),
    /** The API refuses a payment with this method until the order's identity is verified by SMS. */
    requiresVerifiedIdentity: boolean('requires_verified_identity').notNull().default(false),
    /** ADDRESS_REQUIREMENT: what the billing address must carry for address verification. */
    avsCoverageLevel: text('avs_coverage_level').notNull().default('ZipCodeOnly'),
    displayOrder: integer('display_order').notNull().default(0),
    /** Offline credit: this store's cap on open unpaid orders; null takes PAY_LATER_MAX_OPEN_PER_STORE. */
    maxOpenUnpaidOrders: integer('max_open_unpaid_orders'),
    /** Offline credit: the largest amount this store lets be paid at pickup; null takes PAY_LATER_MAX_TOTAL. */
    maxUnpaidTotalCents: integer('max_unpaid_total_cents'),
  },
  (t) => [
    uniqueIndex('location_payment_methods_uq').on(t.locationId, t.paymentMethod),
    check('location_payment_methods_method_ck', sql`${t.paymentMethod} in (2, 5, 6, 15)`),
    check(
      'location_payment_methods_pay_later_ck',
      sql`(${t.maxOpenUnpaidOrders} is null or ${t.maxOpenUnpaidOrders} >= 0) and (${t.maxUnpaidTotalCents} is null or ${t.maxUnpaidTotalCents} >= 0)`,
    ),
    check(
      'location_payment_methods_avs_ck',
      sql`${t.avsCoverageLevel} in ('None', 'ZipCodeOnly', 'AddressAndZipCode')`,
    ),
  ],
);

/**
 * A signed-in customer's saved card. The processor vaults the card; we keep only its reusable token, brand,
 * last four and the billing address with the level it was verified at. Deleting one sets deletedAt.
 */
export const savedPayments = pgTable(
  'saved_payments',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    processorCode: text('processor_code').notNull(),
    /** The processor's reusable (vault) token; never a card number. */
    vaultToken: text('vault_token').notNull(),
    cardBrand: text('card_brand').notNull(),
    lastFour: text('last_four').notNull(),
    billingAddress: jsonb('billing_address').$type<Record<string, string | undefined>>(),
    /** ADDRESS_REQUIREMENT the saved address satisfies; valid for a store only when equal to its level. */
    avsCoverageLevel: text('avs_coverage_level'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('saved_payments_customer_idx').on(t.customerId)],
);

export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUS);

export const PAYMENT_REVERSAL = ['voided', 'refunded', 'released'] as const;
export type PaymentReversal = (typeof PAYMENT_REVERSAL)[number];

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** PAYMENT_METHOD number (5 credit card, ...). */
    paymentMethod: integer('payment_method').notNull(),
    processorCode: text('processor_code'),
    status: paymentStatus('status').notNull().default('Pending'),
    baseAmountCents: integer('base_amount_cents').notNull(),
    tipAmountCents: integer('tip_amount_cents').notNull().default(0),
    /** The hosted payment page's session (the iframe URL carries it). */
    hostedSessionId: uuid('hosted_session_id'),
    /** The processor's one-time token, set when the frame tokenises a card. */
    processorToken: text('processor_token'),
    cardBrand: text('card_brand'),
    lastFour: text('last_four'),
    chargeId: text('charge_id'),
    approvedAmountCents: integer('approved_amount_cents'),
    billingAddress: jsonb('billing_address').$type<Record<string, string | undefined>>(),
    /** A gift card payment: the sandbox ledger's card (the number itself stays with the processor). */
    giftCardId: integer('gift_card_id'),
    /** A saved card chosen for this payment (its vault token is charged at close). */
    savedPaymentId: integer('saved_payment_id').references(() => savedPayments.id, { onDelete: 'set null' }),
    /** A virtual wallet payment: the processor's wallet session. */
    walletSessionId: uuid('wallet_session_id'),
    /**
     * An approved payment of a cancelled order given back: 'voided' or 'refunded' (a card or wallet charge,
     * refunded once the processor settled it) or 'released' (a gift-card capture), with when.
     */
    reversal: text('reversal').$type<PaymentReversal>(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_hosted_session_uq').on(t.hostedSessionId),
    check(
      'payments_reversal_ck',
      sql`${t.reversal} is null or ${t.reversal} in ('voided', 'refunded', 'released')`,
    ),
  ],
);

export const IDEMPOTENCY_STATUS = ['processing', 'completed'] as const;
export const idempotencyStatus = pgEnum('idempotency_status', IDEMPOTENCY_STATUS);

/** Stripe-style idempotency: one row per (scope, key); the first answer is stored and replayed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    /** Who may replay the key: the session id of the token. */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and canonical body. */
    requestHash: text('request_hash').notNull(),
    status: idempotencyStatus('status').notNull().default('processing'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * While 'processing', the key belongs to the request that claimed it until this instant. A process that
     * dies mid-request leaves the row behind; once the lease is over the next request with the key recovers
     * it (replays the committed order's answer, or takes the key over and runs again) instead of 409 for ever.
     */
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
    /** The order the request acts on, so that recovery can tell whether its placement committed. */
    orderId: integer('order_id'),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_key_uq').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const CLOSE_OUTCOME = ['placed', 'declined', 'failed'] as const;
export const closeOutcome = pgEnum('close_outcome', CLOSE_OUTCOME);

/** Every close attempt that reached the processor or placed the order (an audit trail). */
export const closeRequests = pgTable(
  'close_requests',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    outcome: closeOutcome('outcome').notNull(),
    code: integer('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('close_requests_order_idx').on(t.orderId)],
);

export const PLACEMENT_ATTEMPT_STATUS = ['authorizing', 'placed', 'reversing', 'reversed'] as const;
export type PlacementAttemptStatus = (typeof PLACEMENT_ATTEMPT_STATUS)[number];

/** One gift-card capture a placement attempt asks the processor for. */
export interface AttemptCapture {
  paymentId: number;
  cardId: number;
  captureKey: string;
  amountCents: number;
}

/**
 * A placement that asks the processor for money (place-order.service.ts), recorded and committed before the
 * first processor call: the processor keys it will carry (the card charge's, each gift-card capture's) and
 * what it charges. 'authorizing' while the calls run (one per order at a time); 'placed' in the transaction
 * that places the order; 'reversing' once it can no longer place the order and its money must go back (voids
 * and releases by these keys); 'reversed' when the processor confirmed it. The reconciliation worker
 * (jobs/reconcile-payments.ts) reverses what a dead process left 'authorizing' or 'reversing'.
 */
export const placementAttempts = pgTable(
  'placement_attempts',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The Idempotency-Key of the close request that made it. */
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').$type<PlacementAttemptStatus>().notNull().default('authorizing'),
    /** The card or wallet payment charged, with the processor key and amount; null when only gift cards. */
    paymentId: integer('payment_id'),
    chargeKey: text('charge_key'),
    chargeCents: integer('charge_cents'),
    /** The order's total when the attempt started: a placement finds the order unchanged or reverses. */
    totalCents: integer('total_cents').notNull(),
    captures: jsonb('captures').$type<AttemptCapture[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('placement_attempts_order_idx').on(t.orderId),
    // At most one attempt of an order asks the processor at a time.
    uniqueIndex('placement_attempts_authorizing_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'authorizing'`),
    index('placement_attempts_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('authorizing', 'reversing')`),
    check(
      'placement_attempts_status_ck',
      sql`${t.status} in ('authorizing', 'placed', 'reversing', 'reversed')`,
    ),
  ],
);
