import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** OAuth clients per app type (105 in-store, 106 catering, 107 web); secrets are stored as argon2id hashes. */
export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    appType: integer('app_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('clients_client_id_uq').on(t.clientId)],
);

/** Staff keys (kitchen screen, staff API); stored as SHA-256 of a high-entropy key. */
export const staffKeys = pgTable(
  'staff_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_keys_key_hash_uq').on(t.keyHash)],
);

/**
 * Signed-in kitchen screens: a random token (kept only as its SHA-256) given for a staff key, valid until it
 * expires or is revoked (sign-out). The screen keeps the token, never the key.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffKeyId: integer('staff_key_id')
      .notNull()
      .references(() => staffKeys.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_uq').on(t.tokenHash),
    index('staff_sessions_expires_idx').on(t.expiresAt),
  ],
);
