/** Verifying an order's phone in tests, as the storefront does: a code texted, read from the outbox, entered. */
import { desc, eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { orders, outboxMessages } from '../../db/schema/index';
import type { TestContext } from '../../test/harness';
import type { OrderFixture } from '../checkout/checkout.fixtures';
import { auth } from '../checkout/checkout.test-helpers';

/** A textable Washington number of its own (10 digits, as the contact form keeps it) and its E.164 form. */
export function newPhone(): { national: string; e164: string } {
  const national = `202${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
  return { national, e164: `+1${national}` };
}

/** Gives the order a contact phone directly (the contact form's own rules are tested elsewhere). */
export async function setOrderPhone(ctx: TestContext, orderId: number, phone: string | null) {
  await ctx.database.db.update(orders).set({ contactPhone: phone }).where(eq(orders.id, orderId));
}

/**
 * Asks for a code for the order, from an address of the order's own (the per-address limit counts every order of a
 * client address; these tests are about the per-order and per-phone limits).
 */
export function generateCode(ctx: TestContext, order: OrderFixture, body?: unknown, token = order.token) {
  return ctx.app.inject({
    method: 'POST',
    remoteAddress: `10.${(order.orderId >> 16) & 255}.${(order.orderId >> 8) & 255}.${order.orderId & 255}`,
    url: `/v1/sales/orders/${order.orderId}/verification-code-generations`,
    headers: auth(token),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

export function enterCode(
  ctx: TestContext,
  order: OrderFixture,
  code: string | string[],
  token = order.token,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/sales/orders/${order.orderId}/verified-access-token`,
    headers: auth(token),
    payload: { digits: Array.isArray(code) ? code : code.split('') },
  });
}

/** The code of the newest text to `e164` (null when none was written). */
export async function lastCodeTo(ctx: TestContext, e164: string): Promise<string | null> {
  const [row] = await ctx.database.db
    .select({ text: outboxMessages.textBody })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, e164))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return row ? (/\b(\d{6})\b/.exec(row.text)?.[1] ?? null) : null;
}

/** Verifies the order's phone (giving it `phone` first) and returns the verified access token. */
export async function verifyOrderPhone(
  ctx: TestContext,
  order: OrderFixture,
  phone = newPhone(),
): Promise<string> {
  await setOrderPhone(ctx, order.orderId, phone.national);
  const sent = await generateCode(ctx, order);
  if (sent.statusCode !== 200) throw new Error(`code generation failed: ${sent.body}`);
  const code = await lastCodeTo(ctx, phone.e164);
  if (!code) throw new Error('no code texted');
  const verified = await enterCode(ctx, order, code);
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
  return verified.json<{ value: { accessToken: string } }>().value.accessToken;
}
