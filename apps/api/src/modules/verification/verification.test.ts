/**
 * SMS identity verification through the API on a real database: every code of the spec's table produced by its
 * real cause, the limits (10-minute life, 5 wrong tries per order that a resend never resets, resend throttles per
 * order and per phone), codes kept only as an HMAC, the verified access token required by the server for a
 * method with requiresVerifiedIdentity (bound to the order and its phone), parallel wrong tries counted one by
 * one, and 1,000 guesses against one order that get nowhere.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_LIMITS } from '@storefront/contracts/verification';
import { orders, outboxMessages, verificationCodes } from '../../db/schema/index';
import { DEMO_LOCATIONS } from '../../db/seed/locations';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { createOrderFixture, type OrderFixture } from '../checkout/checkout.fixtures';
import { auth, paymentCaptcha } from '../checkout/checkout.test-helpers';
import {
  enterCode,
  generateCode,
  lastCodeTo,
  newPhone,
  setOrderPhone,
  verifyOrderPhone,
} from './verification.test-helpers';

type Answer = { errors: { code: number; message: string }[] };
const codeOf = (res: { json: <T>() => T }) => res.json<Answer>().errors[0]?.code;

describe.each(await dbKinds())('SMS verification on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** An order at Chicago Loop (offline credit needs a verified identity) with a phone of its own. */
  async function orderWithPhone(phone = newPhone()) {
    const order = await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.chicago });
    await setOrderPhone(ctx, order.orderId, phone.national);
    return { order, phone };
  }

  /** Moves the order's codes back in time, past the resend pause (or by `seconds`). */
  async function age(orderId: number, seconds = VERIFICATION_LIMITS.resendAfterSeconds + 1) {
    await ctx.database.db
      .update(verificationCodes)
      .set({ createdAt: sql`${verificationCodes.createdAt} - make_interval(secs => ${seconds})` })
      .where(eq(verificationCodes.orderId, orderId));
  }

  const payOffline = async (order: OrderFixture, token = order.token) =>
    ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: auth(token),
      payload: {
        paymentMethod: 2,
        baseAmount: order.totalCents / 100,
        recaptchaInput: await paymentCaptcha(ctx),
      },
    });

  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('texts a 6-digit code through the outbox, keeps only its HMAC and answers one box per digit', async () => {
    const { order, phone } = await orderWithPhone();
    const res = await generateCode(ctx, order);
    expect(res.statusCode, res.body).toBe(200);
    const { value } = res.json<{ value: { digits: string[]; maskedPhone: string; expiresAt: string } }>();
    expect(value.digits).toEqual(['', '', '', '', '', '']);
    expect(value.maskedPhone).toBe(`(•••) •••-${phone.national.slice(-4)}`);
    const life = Date.parse(value.expiresAt) - Date.now();
    expect(life).toBeGreaterThan(590_000);
    expect(life).toBeLessThanOrEqual(600_000);
    const [text] = await ctx.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, phone.e164));
    expect(text).toMatchObject({ channel: 'sms', subject: 'Verification code', sentAt: null });
    expect(text?.textBody).toMatch(
      /^\d{6} is your verification code for your order at Capital Kitchen - Chicago Loop\. It expires in 10 minutes\./,
    );
    const code = await lastCodeTo(ctx, phone.e164);
    const [row] = await ctx.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.orderId, order.orderId));
    expect(row?.codeHash).not.toContain(code);
    expect(row?.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers a verified token that the payment needs, bound to the order and its phone', async () => {
    const { order, phone } = await orderWithPhone();
    expect((await payOffline(order)).json()).toMatchObject({ errors: [{ key: 'IdentityNotVerified' }] });
    await generateCode(ctx, order);
    const verified = await enterCode(ctx, order, (await lastCodeTo(ctx, phone.e164)) ?? '');
    expect(verified.statusCode, verified.body).toBe(200);
    const token = verified.json<{ value: { accessToken: string } }>().value.accessToken;
    // The old token of the same session still lacks the claim.
    expect((await payOffline(order)).statusCode).toBe(422);
    // Another order of the same session is not verified by it.
    const other = await createOrderFixture(ctx, { locationId: DEMO_LOCATIONS.chicago, token: order.token });
    await setOrderPhone(ctx, other.orderId, phone.national);
    expect((await payOffline(other, token)).json()).toMatchObject({
      errors: [{ key: 'IdentityNotVerified' }],
    });
    // A new phone on the order ends the verification.
    await setOrderPhone(ctx, order.orderId, newPhone().national);
    expect((await payOffline(order, token)).statusCode).toBe(422);
    await setOrderPhone(ctx, order.orderId, phone.national);
    const paid = await payOffline(order, token);
    expect(paid.statusCode, paid.body).toBe(200);
  });

  it('8001 once this session holds the claim: for a new code and for another try', async () => {
    const { order } = await orderWithPhone();
    const token = await verifyOrderPhone(ctx, order, newPhone());
    const again = await generateCode(ctx, order, undefined, token);
    expect([again.statusCode, codeOf(again)]).toEqual([422, 8001]);
    expect(again.json<Answer>().errors[0]?.message).toBe('The identity has already been verified');
    expect(codeOf(await enterCode(ctx, order, '000000', token))).toBe(8001);
  });

  it('6001 for a missing or impossible phone, 6002 for a number we cannot text', async () => {
    const { order } = await orderWithPhone();
    await setOrderPhone(ctx, order.orderId, null);
    const missing = await generateCode(ctx, order);
    expect([missing.statusCode, codeOf(missing)]).toEqual([422, 6001]);
    expect(missing.json<Answer>().errors[0]?.message).toBe('Invalid phone number');
    expect(codeOf(await generateCode(ctx, order, { phone: '12345' }))).toBe(6001);
    expect(codeOf(await generateCode(ctx, order, { phone: 'call me' }))).toBe(6001);
    for (const phone of ['800-555-1212', '+44 20 7123 4567', '555-000-0000']) {
      const res = await generateCode(ctx, order, { phone });
      expect([phone, codeOf(res)]).toEqual([phone, 6002]);
    }
    expect((await generateCode(ctx, order, { phone: 'x'.repeat(33) })).statusCode).toBe(400);
    // Nothing was texted and the order's phone is unchanged.
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.contactPhone).toBeNull();
  });

  it('a phone given with the request becomes the order phone that is verified', async () => {
    const { order } = await orderWithPhone();
    const phone = newPhone();
    const res = await generateCode(ctx, order, {
      phone: `(${phone.national.slice(0, 3)}) ${phone.national.slice(3)}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.contactPhone).toBe(phone.national);
    expect(await lastCodeTo(ctx, phone.e164)).toMatch(/^\d{6}$/);
  });

  it('6003 for digits that are not 6 digits (400 for a malformed body); 1414 with no code to check', async () => {
    const { order } = await orderWithPhone();
    expect(codeOf(await enterCode(ctx, order, '123456'))).toBe(1414);
    await generateCode(ctx, order);
    expect(codeOf(await enterCode(ctx, order, '12345'))).toBe(6003);
    expect(codeOf(await enterCode(ctx, order, ['1', '2', '3', '4', '5', 'a']))).toBe(6003);
    expect((await enterCode(ctx, order, ['12', '3', '4', '5', '6'])).statusCode).toBe(400);
    expect(
      (
        await enterCode(
          ctx,
          order,
          Array.from({ length: 11 }, () => '1'),
        )
      ).statusCode,
    ).toBe(400);
  });

  it('a used code is not good twice (1414); another session gets 404 for the order', async () => {
    const { order, phone } = await orderWithPhone();
    await generateCode(ctx, order);
    const code = (await lastCodeTo(ctx, phone.e164)) ?? '';
    expect((await enterCode(ctx, order, code)).statusCode).toBe(200);
    // The old token (no claim) tries the same code again.
    expect(codeOf(await enterCode(ctx, order, code))).toBe(1414);
    const stranger = await ctx.token();
    expect((await enterCode(ctx, order, code, stranger)).statusCode).toBe(404);
    expect((await generateCode(ctx, order, undefined, stranger)).statusCode).toBe(404);
  });

  it('1415 once the code is older than 10 minutes; a resend brings a good one', async () => {
    const { order, phone } = await orderWithPhone();
    await generateCode(ctx, order);
    const code = (await lastCodeTo(ctx, phone.e164)) ?? '';
    await ctx.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.orderId, order.orderId));
    const expired = await enterCode(ctx, order, code);
    expect([codeOf(expired), expired.json<Answer>().errors[0]?.message]).toEqual([1415, 'Code has expired']);
    await age(order.orderId);
    await generateCode(ctx, order);
    expect((await enterCode(ctx, order, (await lastCodeTo(ctx, phone.e164)) ?? '')).statusCode).toBe(200);
  });

  it('a code lives VERIFICATION_CODE_TTL_SECONDS (10 minutes by default, shorter for the journeys), as its text says', async () => {
    const textTo = async (e164: string) =>
      (
        await ctx.database.db
          .select({ text: outboxMessages.textBody })
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, e164))
      ).map((r) => r.text);
    const lifeOf = (res: { json: <T>() => T }) =>
      (Date.parse(res.json<{ value: { expiresAt: string } }>().value.expiresAt) - Date.now()) / 1000;
    const standard = await orderWithPhone();
    const sent = await generateCode(ctx, standard.order);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(lifeOf(sent)).toBeGreaterThan(590);
    expect(lifeOf(sent)).toBeLessThanOrEqual(600);
    expect(await textTo(standard.phone.e164)).toEqual([expect.stringContaining('It expires in 10 minutes.')]);
    const config = ctx.app.config;
    config.VERIFICATION_CODE_TTL_SECONDS = 45;
    try {
      const short = await orderWithPhone();
      const quick = await generateCode(ctx, short.order);
      expect(quick.statusCode, quick.body).toBe(200);
      expect(lifeOf(quick)).toBeGreaterThan(35);
      expect(lifeOf(quick)).toBeLessThanOrEqual(45);
      expect(await textTo(short.phone.e164)).toEqual([expect.stringContaining('It expires in 45 seconds.')]);
    } finally {
      config.VERIFICATION_CODE_TTL_SECONDS = VERIFICATION_LIMITS.codeLifeSeconds;
    }
  });

  it('1411 for a wrong code, 1412 at the 5th wrong try, and a resend never resets the count', async () => {
    const { order, phone } = await orderWithPhone();
    await generateCode(ctx, order);
    const first = (await lastCodeTo(ctx, phone.e164)) ?? '';
    for (let i = 0; i < 3; i += 1) {
      const res = await enterCode(ctx, order, wrong(first));
      expect([codeOf(res), res.json<Answer>().errors[0]?.message]).toEqual([1411, 'Invalid code']);
    }
    await age(order.orderId);
    expect((await generateCode(ctx, order)).statusCode).toBe(200);
    const second = (await lastCodeTo(ctx, phone.e164)) ?? '';
    // The first code no longer counts.
    if (first !== second) expect(codeOf(await enterCode(ctx, order, first))).toBe(1411);
    else expect(codeOf(await enterCode(ctx, order, wrong(second)))).toBe(1411);
    const blocked = await enterCode(ctx, order, wrong(second));
    expect([codeOf(blocked), blocked.json<Answer>().errors[0]?.message]).toEqual([
      1412,
      'Sorry, you cannot proceed with the order',
    ]);
    // Blocked: the right code, and a new code, are refused too.
    expect(codeOf(await enterCode(ctx, order, second))).toBe(1412);
    await age(order.orderId);
    expect(codeOf(await generateCode(ctx, order))).toBe(1412);
  });

  it('1413 for a resend within 30 s; 1417 past 5 codes an order an hour', async () => {
    const { order } = await orderWithPhone();
    expect((await generateCode(ctx, order)).statusCode).toBe(200);
    const soon = await generateCode(ctx, order);
    expect([soon.statusCode, codeOf(soon)]).toEqual([429, 1413]);
    expect(soon.json<Answer>().errors[0]?.message).toBe(
      'Please, verify the phone number and try again in a few minutes',
    );
    for (let i = 1; i < VERIFICATION_LIMITS.codesPerOrderPerHour; i += 1) {
      await age(order.orderId);
      expect((await generateCode(ctx, order)).statusCode).toBe(200);
    }
    await age(order.orderId);
    expect(codeOf(await generateCode(ctx, order))).toBe(1417);
    // An hour later the order may ask again.
    await age(order.orderId, 3600);
    expect((await generateCode(ctx, order)).statusCode).toBe(200);
  });

  it('1418 past 10 codes to one phone an hour over all orders', async () => {
    const phone = newPhone();
    for (let i = 0; i < VERIFICATION_LIMITS.codesPerPhonePerHour; i += 1) {
      const { order } = await orderWithPhone(phone);
      expect((await generateCode(ctx, order)).statusCode).toBe(200);
    }
    const { order } = await orderWithPhone(phone);
    const res = await generateCode(ctx, order);
    expect([res.statusCode, codeOf(res)]).toEqual([429, 1418]);
  });

  it('1416 once a phone has 10 wrong tries over its orders in 24 hours', async () => {
    const phone = newPhone();
    const a = await orderWithPhone(phone);
    const b = await orderWithPhone(phone);
    for (const { order } of [a, b]) {
      await generateCode(ctx, order);
      const code = (await lastCodeTo(ctx, phone.e164)) ?? '';
      for (let i = 0; i < VERIFICATION_LIMITS.failuresPerOrder - 1; i += 1) {
        expect(codeOf(await enterCode(ctx, order, wrong(code)))).toBe(1411);
      }
    }
    // 8 so far: the 9th blocks order a (its 5th), the 10th blocks the phone.
    expect(codeOf(await enterCode(ctx, a.order, '000000'))).toBe(1412);
    const code = (await lastCodeTo(ctx, phone.e164)) ?? '';
    const res = await enterCode(ctx, b.order, wrong(code));
    expect([codeOf(res), res.json<Answer>().errors[0]?.message]).toEqual([
      1416,
      'Sorry, you cannot proceed with the order',
    ]);
    const c = await orderWithPhone(phone);
    expect(codeOf(await generateCode(ctx, c.order))).toBe(1416);
  });

  it('counts parallel wrong tries one by one: 20 at once leave 4 answered 1411', async () => {
    const { order, phone } = await orderWithPhone();
    await generateCode(ctx, order);
    const code = (await lastCodeTo(ctx, phone.e164)) ?? '';
    const answers = await Promise.all(Array.from({ length: 20 }, () => enterCode(ctx, order, wrong(code))));
    const codes = answers.map(codeOf).sort();
    expect(codes.filter((c) => c === 1411)).toHaveLength(4);
    expect(codes.filter((c) => c === 1412)).toHaveLength(16);
    const [sum] = await ctx.database.db
      .select({ failures: sql<number>`sum(${verificationCodes.failedAttempts})::int` })
      .from(verificationCodes)
      .where(eq(verificationCodes.orderId, order.orderId));
    expect(Number(sum?.failures)).toBe(5);
  });

  it('1,000 guesses against one order get nowhere, even the right code among them', async () => {
    const { order, phone } = await orderWithPhone();
    await generateCode(ctx, order);
    const code = (await lastCodeTo(ctx, phone.e164)) ?? '';
    const answers: number[] = [];
    for (let i = 0; i < 1000; i += 1) {
      // Every 6-digit number from 000000 counting up, with the right one at the 500th guess.
      const guess = i === 499 ? code : String(i === Number(code) ? 999_999 : i).padStart(6, '0');
      const res = await enterCode(ctx, order, guess);
      expect(res.statusCode).toBe(422);
      answers.push(codeOf(res) ?? 0);
    }
    expect(answers.slice(0, 4)).toEqual([1411, 1411, 1411, 1411]);
    expect(answers.slice(4).every((c) => c === 1412)).toBe(true);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row?.identityVerifiedAt).toBeNull();
    expect((await payOffline(order)).statusCode).toBe(422);
    const [counted] = await ctx.database.db
      .select({ failures: verificationCodes.failedAttempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.orderId, order.orderId)));
    expect(counted?.failures).toBe(5);
  }, 300_000);
});
