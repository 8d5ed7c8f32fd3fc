import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './locations';
import { orders } from './orders';

/**
 * Phone numbers (E.164) that unsubscribed from our texts: the SMS provider refused a message because the number
 * replied STOP (Twilio keeps that opt-out list and answers 21610). Nothing is written to the outbox for them any
 * more: no verification code, no order text. There is no inbound-message webhook: a number that replies START to
 * Twilio is texted again only once its row is deleted here.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time codes sent by SMS to verify the order's phone (checkout spec: SMS verification). Only an HMAC of the
 * code is kept. Wrong tries are counted on the code row; the order's limit sums every code of the order, so a
 * resend never gives more tries. Rows are kept (not deleted on use) so the per-phone and per-order limits can count
 * them.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** E.164 number the code was sent to. */
    phone: text('phone').notNull(),
    /** HMAC-SHA256 of the code (keyed with the API's secret and bound to the order), base64url. */
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** When the right code was entered: a code is good once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_codes_order_idx').on(t.orderId, t.id),
    index('verification_codes_phone_idx').on(t.phone, t.createdAt),
  ],
);

/**
 * A brand's own wording of the messages about an order (modules/notifications/message-templates.ts): plain text
 * with placeholders in braces. A column left null, or a brand without a row, uses the default wording.
 */
export const brandMessageTemplates = pgTable(
  'brand_message_templates',
  {
    brandId: integer('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    readyText: text('ready_text'),
    lateText: text('late_text'),
    receiptSubject: text('receipt_subject'),
    receiptIntro: text('receipt_intro'),
    receiptClosing: text('receipt_closing'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A text's template leaves room for the link and the store's name within a few segments; a subject is a line.
    check(
      'brand_message_templates_length_ck',
      sql`char_length(${t.readyText}) <= 300 and char_length(${t.lateText}) <= 300 and char_length(${t.receiptSubject}) <= 150 and char_length(${t.receiptIntro}) <= 1000 and char_length(${t.receiptClosing}) <= 1000`,
    ),
  ],
);
