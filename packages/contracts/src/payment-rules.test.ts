import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { envelope } from './api';
import { ExpressFrameMessageSchema, WalletSheetMessageSchema } from './payment-frames';
import {
  parseExpressFrameMessage,
  parseWalletSheetMessage,
  readAurusFrameMessage,
  readPayment,
  readPaymentAnswer,
} from './payment-rules';
import { AurusFrameMessageSchema, PaymentSchema } from './payments';

/** What a schema's safeParse gives: its output, or null where it fails. */
function viaZod(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Anything a message or an answer may carry where a field is expected. */
const anything = fc.oneof(
  fc.constantFrom(null, undefined, true, false, 0, -1, 1.5, NaN, Infinity, 2 ** 53, '', 'x', '1234', [], {}),
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double(),
);

/** Mostly `valid`, sometimes anything else. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: anything });

const textUpTo = (max: number) =>
  fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('x'.repeat(max), 'x'.repeat(max + 1), ''));
const textOrNull = fc.oneof(fc.constant(null), fc.string({ maxLength: 6 }));
const fourDigits = fc.oneof(fc.stringMatching(/^\d{4}$/), fc.constantFrom('123', '12345', '12a4', '1234\n'));
const integer = fc.oneof(fc.integer(), fc.constantFrom(0, 886, 500, 1.5, 2 ** 53, -(2 ** 53)));

/** Records of `fields`: all keys, some missing, or with an extra key. */
function shapes(fields: Record<string, fc.Arbitrary<unknown>>) {
  const model = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, mostly(value)]));
  return fc.oneof(
    { weight: 4, arbitrary: fc.record(model) },
    { weight: 1, arbitrary: fc.record(model, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record(model).map((value) => ({ ...value, extra: 'kept out' })) },
    { weight: 1, arbitrary: anything },
  );
}

const payment = shapes({
  id: integer,
  paymentMethod: fc.constantFrom(2, 5, 6, 15, 3, '5'),
  paymentProcessorCode: fc.constantFrom('AURUS_HOSTED', 'EXPRESS', 'AURUS_APPLE_PAY_HOSTED', null, 'OTHER'),
  status: fc.constantFrom('Pending', 'Approved', 'Declined', 'Failed', 'pending'),
  baseAmount: fc.double(),
  tipAmount: fc.double(),
  amount: fc.double(),
  paymentUrl: textOrNull,
  alternatePaymentUrl: textOrNull,
  cardBrand: textOrNull,
  lastFour: textOrNull,
  giftCardNumber: textOrNull,
  savedPaymentId: fc.oneof(fc.constant(null), integer),
});

const apiError = shapes({
  key: fc.string({ maxLength: 4 }),
  code: fc.oneof(integer, fc.string({ maxLength: 4 }), fc.double()),
  message: fc.string({ maxLength: 4 }),
});

const paymentAnswer = shapes({
  value: fc.oneof(fc.constant(null), payment),
  succeed: fc.boolean(),
  errors: fc.array(apiError, { maxLength: 3 }),
});

const aurusMessage = fc.oneof(
  shapes({ type: fc.constant('enablePlaceOrder'), value: fc.boolean() }),
  shapes({ type: fc.constant('frameReady') }),
  shapes({
    type: fc.constant('tokenResponse'),
    requestId: fc.oneof(fc.constant(undefined), textUpTo(64)),
    response_code: integer,
    response_text: fc.string({ maxLength: 6 }),
    one_time_token: textOrNull,
    card_brand: textOrNull,
    last_four: textOrNull,
  }),
);

const expressMessage = fc.oneof(
  shapes({ HostedPaymentStatus: fc.constant('Ready') }),
  shapes({
    HostedPaymentStatus: fc.constant('Complete'),
    PaymentToken: textUpTo(2000),
    CardLogo: textUpTo(20),
    LastFour: fourDigits,
  }),
  shapes({
    HostedPaymentStatus: fc.constant('Error'),
    ExpressResponseCode: integer,
    ExpressResponseMessage: textUpTo(500),
  }),
  shapes({ HostedPaymentStatus: fc.constantFrom('Other', 'ready') }),
);

const SESSION = '0b6f7c2e-9d41-4a7b-8c3e-2f1a5d9e7b60';
const sessionId = fc.oneof(
  fc.constantFrom(SESSION, SESSION.toUpperCase(), '00000000-0000-0000-0000-000000000000', 'not-a-uuid'),
  fc.uuid(),
  fc.constantFrom('0b6f7c2e-9d41-9a7b-8c3e-2f1a5d9e7b60', '0b6f7c2e-9d41-4a7b-cc3e-2f1a5d9e7b60'),
);
const walletMessage = fc.oneof(
  shapes({ type: fc.constant('walletReady'), sessionId }),
  shapes({ type: fc.constant('walletCancelled'), sessionId }),
  shapes({
    type: fc.constant('walletApproved'),
    sessionId,
    one_time_token: textUpTo(2000),
    card_brand: textUpTo(20),
    last_four: fourDigits,
  }),
  shapes({
    type: fc.constant('walletError'),
    sessionId,
    response_code: integer,
    response_text: textUpTo(500),
  }),
);

const RUNS = { numRuns: 2000 };

describe("the payment page's zod-free readers give what the schemas give", () => {
  it('readPayment: PaymentSchema', () => {
    fc.assert(
      fc.property(payment, (value) => {
        expect(readPayment(value)).toEqual(viaZod(PaymentSchema, value));
      }),
      RUNS,
    );
  }, 60_000);

  it("readPaymentAnswer: POST payments' envelope", () => {
    const schema = envelope(PaymentSchema.nullable());
    fc.assert(
      fc.property(paymentAnswer, (value) => {
        expect(readPaymentAnswer(value)).toEqual(viaZod(schema, value));
      }),
      RUNS,
    );
  }, 60_000);

  it('readAurusFrameMessage: AurusFrameMessageSchema', () => {
    fc.assert(
      fc.property(aurusMessage, (value) => {
        expect(readAurusFrameMessage(value)).toEqual(viaZod(AurusFrameMessageSchema, value));
      }),
      RUNS,
    );
  }, 60_000);

  it('parseExpressFrameMessage: ExpressFrameMessageSchema', () => {
    fc.assert(
      fc.property(expressMessage, (value) => {
        expect(parseExpressFrameMessage(value)).toEqual(viaZod(ExpressFrameMessageSchema, value));
      }),
      RUNS,
    );
  }, 60_000);

  it("parseWalletSheetMessage: WalletSheetMessageSchema, for the page's session only", () => {
    fc.assert(
      fc.property(walletMessage, sessionId, (value, expected) => {
        const parsed = WalletSheetMessageSchema.safeParse(value);
        const zod = parsed.success && parsed.data.sessionId === expected ? parsed.data : null;
        expect(parseWalletSheetMessage(value, expected)).toEqual(zod);
      }),
      RUNS,
    );
  }, 60_000);

  it('the generators reach both outcomes of every reader', () => {
    const outcomes = (arbitrary: fc.Arbitrary<unknown>, read: (value: unknown) => unknown) => {
      const seen = new Set(fc.sample(arbitrary, { numRuns: 500, seed: 7 }).map((v) => read(v) === null));
      return [...seen].sort();
    };
    expect(outcomes(payment, readPayment)).toEqual([false, true]);
    expect(outcomes(paymentAnswer, readPaymentAnswer)).toEqual([false, true]);
    expect(outcomes(aurusMessage, readAurusFrameMessage)).toEqual([false, true]);
    expect(outcomes(expressMessage, parseExpressFrameMessage)).toEqual([false, true]);
    expect(outcomes(walletMessage, (v) => parseWalletSheetMessage(v, SESSION))).toEqual([false, true]);
  });
});
