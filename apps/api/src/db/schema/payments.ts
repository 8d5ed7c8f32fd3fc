/**
 * Payments on orders, idempotency keys of order-placing requests, close-request attempts and the sandbox
 * processor's ledger. Card data never lands here: only the processor token, brand, last four and amounts.
 */
import {
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PAYMENT_STATUS } from '@storefront/contracts/payments';
import { orders } from './orders';

export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUS);

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_hosted_session_uq').on(t.hostedSessionId),
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
  (t) => [uniqueIndex('idempotency_keys_scope_key_uq').on(t.scope, t.key)],
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

/** The sandbox processor's own ledger (what a real gateway would keep on its side). */
export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: serial('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    tokenHash: text('token_hash').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** approved, decline, insufficient_funds. */
    outcome: text('outcome').notNull(),
    brand: text('brand').notNull(),
    lastFour: text('last_four').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_charges_idempotency_key_uq').on(t.idempotencyKey)],
);
