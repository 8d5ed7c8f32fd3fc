/**
 * The built-in loyalty program (OpenProviderLoyalty, provider 5): a brand's program (points earned per dollar,
 * the rate custom points convert at), its rewards catalogue, each member's points account (available and held
 * points, never below zero), the ledger of every points movement (points held at placement, spent at completion,
 * given back on cancel), the identities that sign a customer in through the loyalty
 * provider, single-sign-on tokens already exchanged (single use) and sign-ins through its OpenID Connect issuer
 * under way, and the built-in issuer's own state (oidc_store).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { customers } from './accounts';
import { brands } from './locations';
import { orders } from './orders';

export const loyaltyPrograms = pgTable(
  'loyalty_programs',
  {
    brandId: integer('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** LOYALTY_PROVIDER (5: ours). */
    provider: smallint('provider').notNull().default(5),
    /** Points earned per whole dollar of a completed order's item total after discounts. */
    pointsPerDollar: integer('points_per_dollar').notNull(),
    /** Points that make one dollar of discount when the customer redeems custom points. */
    pointsPerRewardDollar: integer('points_per_reward_dollar').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('loyalty_programs_rates_ck', sql`${t.pointsPerDollar} >= 0 and ${t.pointsPerRewardDollar} > 0`),
  ],
);

/** LOYALTY_REWARD_TYPE: an amount off the order, or a voucher (an amount fixed by the reward). */
export const loyaltyRewards = pgTable(
  'loyalty_rewards',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 'Amount' or 'Voucher'. */
    rewardType: text('reward_type').notNull(),
    pointsCost: integer('points_cost').notNull(),
    discountCents: integer('discount_cents').notNull(),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('loyalty_rewards_brand_idx').on(t.brandId, t.position),
    check('loyalty_rewards_type_ck', sql`${t.rewardType} in ('Amount', 'Voucher')`),
    check('loyalty_rewards_amounts_ck', sql`${t.pointsCost} > 0 and ${t.discountCents} > 0`),
  ],
);

/**
 * A member's points at one brand. `pointsBalance` is what can be redeemed now; `heldPoints` are held by placed
 * orders until they complete or are cancelled. Both are never below zero (checked here, and every hold is a
 * guarded update), so two orders racing for the same points cannot overdraw them.
 */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    pointsBalance: integer('points_balance').notNull().default(0),
    heldPoints: integer('held_points').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('loyalty_accounts_member_uq').on(t.brandId, t.customerId),
    check('loyalty_accounts_points_ck', sql`${t.pointsBalance} >= 0 and ${t.heldPoints} >= 0`),
  ],
);

/** LOYALTY_ENTRY_KIND: what a ledger entry records. */
export const LOYALTY_ENTRY_KIND = { earn: 1, hold: 2, spend: 3, release: 4, grant: 5 } as const;

/**
 * Every movement of a member's points. Earn, hold, spend and release entries of an order are unique per
 * (order, kind), so a retried completion or cancellation never moves points twice.
 */
export const loyaltyLedger = pgTable(
  'loyalty_ledger',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => loyaltyAccounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** LOYALTY_ENTRY_KIND. */
    kind: smallint('kind').notNull(),
    /** Signed change of the available points (earn +, hold -, release +, spend 0: already held). */
    points: integer('points').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('loyalty_ledger_account_idx').on(t.accountId, t.id),
    uniqueIndex('loyalty_ledger_order_kind_uq')
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null`),
  ],
);

/** Who a loyalty provider's subject is among our customers (OpenID Connect `sub` or an SSO token's subject). */
export const loyaltyIdentities = pgTable(
  'loyalty_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.subject] }),
    index('loyalty_identities_customer_idx').on(t.customerId),
  ],
);

/** Single-sign-on tokens already exchanged, by their `jti`, kept until they would have expired anyway. */
export const spentSsoTokens = pgTable('spent_sso_tokens', {
  jti: text('jti').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Sign-ins through the loyalty provider's OpenID Connect issuer under way (authorization code with PKCE): the
 * `state` sent to the issuer (kept as SHA-256), the PKCE code verifier and nonce that only the API knows, the order
 * session that started it (the code is exchanged for that session only), the redirect URI, and when it expires.
 * Used once: the exchange marks it used before it talks to the issuer.
 */
export const loyaltySignIns = pgTable(
  'loyalty_sign_ins',
  {
    stateHash: text('state_hash').primaryKey(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    orderSessionId: text('order_session_id').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('loyalty_sign_ins_expires_idx').on(t.expiresAt)],
);

/**
 * The reward on an order being built (one per order: the primary key): a catalogue reward or custom points
 * (`rewardId` null). The discount engine prices it as a discount line (`instanceId`); the points are held only
 * when the order is placed (the ledger), so an order being built reserves nothing.
 */
export const orderRewards = pgTable(
  'order_rewards',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    rewardId: integer('reward_id').references(() => loyaltyRewards.id),
    /** The discount line's instanceId (discountInstanceId). */
    instanceId: text('instance_id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 'Amount' or 'Voucher' (custom points: Amount). */
    rewardType: text('reward_type').notNull(),
    /** The reward's points cost, or the custom points entered. */
    points: integer('points').notNull(),
    /** What the reward is worth, before the engine caps it by the order. */
    requestedCents: integer('requested_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_rewards_order_uq').on(t.orderId),
    check('order_rewards_type_ck', sql`${t.rewardType} in ('Amount', 'Voucher')`),
    check('order_rewards_amounts_ck', sql`${t.points} > 0 and ${t.requestedCents} > 0`),
  ],
);

/**
 * The built-in OpenID Connect issuer's state (oidc-provider's Adapter, oidc-issuer.ts): its sessions, grants,
 * interactions, authorization codes and tokens, one row per model and id, so that every API process on the
 * database serves any step of a sign-in another began. `payload` is what oidc-provider stores; `grantId`, `uid`
 * and `userCode` are copied out to find by. A row is dead after `expiresAt` (never read again) and purged
 * (jobs/purge.ts); `consumedAt` marks a code used (a second use is refused and revokes its grant).
 */
export const oidcStore = pgTable(
  'oidc_store',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_store_grant_idx').on(t.grantId),
    index('oidc_store_uid_idx').on(t.model, t.uid),
    index('oidc_store_expires_idx').on(t.expiresAt),
  ],
);
