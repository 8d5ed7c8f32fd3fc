/**
 * Customer accounts: customers (argon2id password hashes), their sign-in sessions (revocable: logout and a
 * password reset end them), activation and password-reset tokens (random, kept only as SHA-256, single use,
 * expiring), the e-mail outbox (written in the same transaction as what it reports, delivered exactly once by
 * the outbox worker) and spent captcha challenges (single use until they expire).
 */
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** Normalised (trimmed, lowercased): the account key. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** 10 digits. */
    phoneNumber: text('phone_number').notNull(),
    /** Null until the e-mail link is followed. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customers_email_uq').on(t.email)],
);

/**
 * A signed-in customer (one sign-in: a refresh-token family): the session id (`csid`) every user access token
 * carries. The API checks it on every user request, so a revoked session (logout, password reset, a reused
 * refresh token) stops at once.
 */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: uuid('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The order session (`sid`) of the guest who signed in: the cart carries over. */
    orderSessionId: text('order_session_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session (no refresh after it). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_sessions_customer_idx').on(t.customerId),
    index('customer_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The refresh tokens of a customer session (kept only as SHA-256): the one without `used_at` is the current one;
 * each refresh uses it and issues the next. A used one presented again (after a short grace for a client's
 * concurrent requests) is a stolen copy: the whole session ends.
 */
export const customerRefreshTokens = pgTable(
  'customer_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    customerSessionId: uuid('customer_session_id')
      .notNull()
      .references(() => customerSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('customer_refresh_tokens_session_idx').on(t.customerSessionId)],
);

/** ACCOUNT_TOKEN_KIND: what a token in account_tokens opens. */
export const ACCOUNT_TOKEN_KIND = { activation: 1, passwordReset: 2 } as const;

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** ACCOUNT_TOKEN_KIND. */
    kind: smallint('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_uq').on(t.tokenHash),
    index('account_tokens_customer_idx').on(t.customerId, t.kind),
  ],
);

/**
 * Messages to send (e-mail now, SMS later), written in the transaction of what they report. The outbox worker
 * claims due rows (FOR UPDATE SKIP LOCKED), sends each through the configured provider with its idempotency key
 * and marks it sent; failures are retried with a growing pause.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    /** 'email' (or 'sms'). */
    channel: text('channel').notNull(),
    /** Unique per message: a provider that supports it deduplicates on it; a retry never sends twice. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    recipient: text('recipient').notNull(),
    /**
     * What the message is about: 'account' (activation, reset, sign-up notices, and texts), 'order' (an order's
     * receipt). The per-recipient caps of account e-mail count 'account' only: a guest's receipts never use them up.
     */
    category: text('category').notNull().default('account'),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Not tried before this time (retries push it on). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The provider that delivered it ('mailbox' or 'smtp'). */
    sentVia: text('sent_via'),
  },
  (t) => [
    uniqueIndex('outbox_messages_idempotency_key_uq').on(t.idempotencyKey),
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
    index('outbox_messages_recipient_idx').on(t.recipient),
  ],
);

/** Captcha challenges already used (by their signature's SHA-256), until they would have expired anyway. */
export const spentCaptchas = pgTable(
  'spent_captchas',
  {
    signatureHash: text('signature_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('spent_captchas_expires_idx').on(t.expiresAt)],
);
