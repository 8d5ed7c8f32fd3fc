import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import type { SavedPayment } from '@storefront/contracts/saved-payments';
import { featureFlags } from '../../db/schema/locations';
import { locationPaymentMethods, savedPayments } from '../../db/schema/payments';
import { solveCaptcha } from '../../test/captcha';
import { createCustomer, customerHeaders, signInCustomer } from '../../test/customers';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { paymentProcessorFor } from '../../providers/payment/index';
import { SANDBOX_AVS_FAILURE_POSTAL_CODE } from '../../../../sandbox-processor/src/ledger';
import { CARDS, CONTACT, createOrderFixture, type OrderFixture } from '../checkout/checkout.fixtures';
import { processorCharges, tokenise } from '../checkout/checkout.test-helpers';
import { invalidateTemplatesCache } from '../templates/templates.service';

type Headers = Record<string, string>;
interface Caller {
  headers: Headers;
  token: string;
  customerId: number | null;
}

describe.each(await dbKinds())('saved cards, billing address and the payment captcha on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(() => ctx.close());

  let address = 0;
  /** A solved captcha from an address of its own (the challenge route limits each address). */
  const captcha = () => {
    address += 1;
    return solveCaptcha(ctx.app, `10.3.${Math.floor(address / 250)}.${(address % 250) + 1}`);
  };

  async function customer(): Promise<Caller> {
    const customerId = await createCustomer(ctx);
    const { token } = await signInCustomer(ctx, customerId);
    return { headers: customerHeaders(token, customerId), token, customerId };
  }

  async function guest(): Promise<Caller> {
    const token = await ctx.token();
    return { headers: { authorization: `Bearer ${token}` }, token, customerId: null };
  }

  async function orderFor(caller: Caller): Promise<OrderFixture> {
    const order = await createOrderFixture(ctx, { token: caller.token });
    const contact = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/contact-information`,
      headers: caller.headers,
      payload: CONTACT,
    });
    expect(contact.statusCode).toBe(200);
    return order;
  }

  function createPayment(caller: Caller, order: OrderFixture, extra: Record<string, unknown>) {
    return ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: caller.headers,
      payload: { paymentMethod: 5, baseAmount: order.totalCents / 100, tipAmount: 0, ...extra },
    });
  }

  function close(caller: Caller, order: OrderFixture, body: Record<string, unknown>) {
    return ctx.app.inject({
      method: 'POST',
      url: `/v1/sales/orders/${order.orderId}/close-requests`,
      headers: { ...caller.headers, 'idempotency-key': randomUUID() },
      payload: body,
    });
  }

  /** A new card payment with the captcha and `billingAddress`, tokenised in its frame. */
  async function newCardPayment(
    caller: Caller,
    order: OrderFixture,
    billingAddress: object,
    card: string = CARDS.approve,
  ) {
    const res = await createPayment(caller, order, { recaptchaInput: await captcha(), billingAddress });
    expect(res.statusCode).toBe(200);
    const payment = res.json<{ value: { id: number; paymentUrl: string } }>().value;
    return {
      id: payment.id,
      paymentUrl: payment.paymentUrl,
      paymentToken: await tokenise(ctx, payment.paymentUrl, card),
    };
  }

  /** A customer's card saved the real way: an order paid with it and `paymentIdToSave`. */
  async function saveCard(
    caller: Caller,
    billingAddress: object = { postalCode: '78701' },
    card: string = CARDS.approve,
  ) {
    const order = await orderFor(caller);
    const payment = await newCardPayment(caller, order, billingAddress, card);
    const placed = await close(caller, order, {
      paymentToken: payment.paymentToken,
      paymentIdToSave: payment.id,
    });
    expect(placed.statusCode).toBe(200);
    const cards = await list(caller);
    const saved = cards[0];
    if (!saved) throw new Error('no card saved');
    return saved;
  }

  async function list(caller: Caller, query = ''): Promise<SavedPayment[]> {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/guests/saved-payments${query}`,
      headers: caller.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ value: SavedPayment[] }>().value;
  }

  async function withStoreLevel(level: 'ZipCodeOnly' | 'AddressAndZipCode', run: () => Promise<void>) {
    const cardMethod = and(
      eq(locationPaymentMethods.locationId, 1),
      eq(locationPaymentMethods.paymentMethod, 5),
    );
    await ctx.app.db.update(locationPaymentMethods).set({ avsCoverageLevel: level }).where(cardMethod);
    try {
      await run();
    } finally {
      await ctx.app.db
        .update(locationPaymentMethods)
        .set({ avsCoverageLevel: 'ZipCodeOnly' })
        .where(cardMethod);
    }
  }

  it('saves the approved card at placement and pays the next order with it, without captcha or frame', async () => {
    const casey = await customer();
    const saved = await saveCard(casey, { postalCode: '78701' });
    expect(saved).toMatchObject({
      maskedCardNumber: '************4242',
      cardLogo: 'visa',
      paymentProcessorCode: 'AURUS_HOSTED',
      billingAddress: { postalCode: '78701' },
      avsCoverageLevel: 'ZipCodeOnly',
    });
    const [row] = await ctx.app.db.select().from(savedPayments).where(eq(savedPayments.id, saved.id));
    // Only the processor's reusable token is ours, never the card number.
    expect(row?.vaultToken).toMatch(/^vt_sbx_/);
    expect(JSON.stringify(row)).not.toContain('4242424242424242');

    const next = await orderFor(casey);
    const created = await createPayment(casey, next, { savedPaymentId: saved.id });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ value: { paymentUrl: null, status: 'Pending' } });
    const placed = await close(casey, next, {});
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toMatchObject({ value: { approvedAmount: next.totalCents / 100 } });
    expect(await processorCharges(ctx.processor, next.orderId)).toHaveLength(1);

    // Saving the same card again refreshes it instead of listing it twice.
    await saveCard(casey, { postalCode: '78702' });
    expect(await list(casey)).toMatchObject([{ id: saved.id, billingAddress: { postalCode: '78702' } }]);
  });

  it('selecting a saved card replaces the pending new-card payment', async () => {
    const casey = await customer();
    const saved = await saveCard(casey);
    const order = await orderFor(casey);
    const fresh = await createPayment(casey, order, { recaptchaInput: await captcha() });
    expect(fresh.statusCode).toBe(200);
    const withSaved = await createPayment(casey, order, { savedPaymentId: saved.id });
    expect(withSaved.statusCode).toBe(200);
    const payments = await ctx.app.inject({
      method: 'GET',
      url: `/v1/sales/orders/${order.orderId}/payments`,
      headers: casey.headers,
    });
    const value = payments.json<{ value: { id: number }[] }>().value;
    expect(value.map((p) => p.id)).toEqual([withSaved.json<{ value: { id: number } }>().value.id]);
  });

  it('asks a new card payment for a captcha (9902) but not a saved card payment', async () => {
    const ada = await guest();
    const order = await orderFor(ada);
    const missing = await createPayment(ada, order, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      errors: [{ key: 'Recaptcha', code: 9902, message: 'Please complete the following challenge' }],
    });
    const forged = await createPayment(ada, order, { recaptchaInput: 'bm90IGEgY2FwdGNoYQ==' });
    expect(forged.json()).toMatchObject({ errors: [{ code: 9902 }] });

    const solved = await captcha();
    expect((await createPayment(ada, order, { recaptchaInput: solved })).statusCode).toBe(200);
    // A captcha passes once.
    expect((await createPayment(ada, order, { recaptchaInput: solved })).json()).toMatchObject({
      errors: [{ code: 9902 }],
    });
    // Another session's order stays not found, captcha or not.
    const other = await guest();
    expect((await createPayment(other, order, {})).statusCode).toBe(404);
  });

  it('checks a new card billing address at the store level with the section-5 messages', async () => {
    const ada = await guest();
    const order = await orderFor(ada);
    const invalid = await createPayment(ada, order, {
      recaptchaInput: await captcha(),
      billingAddress: { postalCode: '7870' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      errors: [{ key: 'body.billingAddress.postalCode', message: 'Invalid postal code' }],
    });
    await withStoreLevel('AddressAndZipCode', async () => {
      const partial = await createPayment(ada, order, {
        recaptchaInput: await captcha(),
        billingAddress: { postalCode: '78701' },
      });
      expect(partial.statusCode).toBe(400);
      expect(partial.json<{ errors: { message: string }[] }>().errors.map((e) => e.message)).toEqual([
        'Please enter your address',
        'Please enter your city',
        'Please enter your state',
      ]);
      const full = { address1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
      const created = await createPayment(ada, order, {
        recaptchaInput: await captcha(),
        billingAddress: full,
      });
      expect(created.statusCode).toBe(200);
      const id = created.json<{ value: { id: number } }>().value.id;
      const patched = await ctx.app.inject({
        method: 'PATCH',
        url: `/v1/sales/orders/${order.orderId}/payments/${id}`,
        headers: ada.headers,
        payload: { billingAddress: { postalCode: '78701', city: 'Austin' } },
      });
      expect(patched.statusCode).toBe(400);
      expect(patched.json()).toMatchObject({
        errors: [{ key: 'body.billingAddress.address1' }, { key: 'body.billingAddress.state' }],
      });
    });
  });

  it('declines a new card whose address fails AVS, then approves it once the address is fixed', async () => {
    const ada = await guest();
    const order = await orderFor(ada);
    const payment = await newCardPayment(ada, order, { postalCode: SANDBOX_AVS_FAILURE_POSTAL_CODE });
    const declined = await close(ada, order, { paymentToken: payment.paymentToken });
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toMatchObject({
      errors: [{ code: 886, message: 'The transaction was not authorized' }],
    });

    const fixed = await ctx.app.inject({
      method: 'PATCH',
      url: `/v1/sales/orders/${order.orderId}/payments/${payment.id}`,
      headers: ada.headers,
      payload: { billingAddress: { postalCode: '78701' } },
    });
    expect(fixed.statusCode).toBe(200);
    const again = await tokenise(ctx, payment.paymentUrl, CARDS.approve);
    const placed = await close(ada, order, { paymentToken: again });
    expect(placed.statusCode).toBe(200);
  });

  it('declines a saved card whose address fails AVS, then approves it after the address edit', async () => {
    const casey = await customer();
    const saved = await saveCard(casey, { postalCode: '78701' });
    const setAddress = (postalCode: string) =>
      ctx.app.inject({
        method: 'PATCH',
        url: `/v1/guests/saved-payments/${saved.id}/address`,
        headers: casey.headers,
        payload: { postalCode, avsCoverageLevel: 'ZipCodeOnly' },
      });
    expect((await setAddress(SANDBOX_AVS_FAILURE_POSTAL_CODE)).statusCode).toBe(200);
    const order = await orderFor(casey);
    expect((await createPayment(casey, order, { savedPaymentId: saved.id })).statusCode).toBe(200);
    const declined = await close(casey, order, {});
    expect(declined.json()).toMatchObject({ errors: [{ code: 886 }] });
    const edited = await setAddress('78703');
    expect(edited.json()).toMatchObject({ value: { id: saved.id, billingAddress: { postalCode: '78703' } } });
    const placed = await close(casey, order, {});
    expect(placed.statusCode).toBe(200);
  });

  it('refuses a saved card whose address was saved at another level until it is edited at the store level', async () => {
    const casey = await customer();
    const saved = await saveCard(casey);
    await withStoreLevel('AddressAndZipCode', async () => {
      const order = await orderFor(casey);
      const refused = await createPayment(casey, order, { savedPaymentId: saved.id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({ errors: [{ key: 'SavedPaymentAddress', code: 21043 }] });
      const edit = (payload: object) =>
        ctx.app.inject({
          method: 'PATCH',
          url: `/v1/guests/saved-payments/${saved.id}/address`,
          headers: casey.headers,
          payload,
        });
      const incomplete = await edit({ postalCode: '78701', avsCoverageLevel: 'AddressAndZipCode' });
      expect(incomplete.statusCode).toBe(400);
      expect(incomplete.json()).toMatchObject({
        errors: [
          { key: 'body.address1', message: 'Please enter your address' },
          { key: 'body.city', message: 'Please enter your city' },
          { key: 'body.state', message: 'Please enter your state' },
        ],
      });
      expect((await edit({ postalCode: '78701' })).statusCode).toBe(400);
      const full = { address1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };
      expect((await edit({ ...full, avsCoverageLevel: 'AddressAndZipCode' })).statusCode).toBe(200);
      expect((await createPayment(casey, order, { savedPaymentId: saved.id })).statusCode).toBe(200);
    });
  });

  it("keeps each customer's cards their own and deleted cards gone", async () => {
    const casey = await customer();
    const other = await customer();
    const saved = await saveCard(casey);
    expect(await list(other)).toEqual([]);
    expect(await list(casey, '?paymentProcessorCode=AURUS_HOSTED')).toHaveLength(1);
    expect(await list(casey, '?paymentProcessorCode=EXPRESS')).toEqual([]);

    const url = `/v1/guests/saved-payments/${saved.id}`;
    const foreignDelete = await ctx.app.inject({ method: 'DELETE', url, headers: other.headers });
    expect(foreignDelete.statusCode).toBe(404);
    const foreignPatch = await ctx.app.inject({
      method: 'PATCH',
      url: `${url}/address`,
      headers: other.headers,
      payload: { postalCode: '78701', avsCoverageLevel: 'ZipCodeOnly' },
    });
    expect(foreignPatch.statusCode).toBe(404);
    const otherOrder = await orderFor(other);
    expect((await createPayment(other, otherOrder, { savedPaymentId: saved.id })).statusCode).toBe(404);

    // Chosen for an order, then deleted before the order is placed: placement refuses it.
    const order = await orderFor(casey);
    expect((await createPayment(casey, order, { savedPaymentId: saved.id })).statusCode).toBe(200);
    const deleted = await ctx.app.inject({ method: 'DELETE', url, headers: casey.headers });
    expect(deleted.json()).toEqual({ value: true, succeed: true, errors: [] });
    expect(await list(casey)).toEqual([]);
    expect((await ctx.app.inject({ method: 'DELETE', url, headers: casey.headers })).statusCode).toBe(404);
    expect((await createPayment(casey, order, { savedPaymentId: saved.id })).statusCode).toBe(404);
    const placed = await close(casey, order, {});
    expect(placed.statusCode).toBe(422);
    expect(placed.json()).toMatchObject({ errors: [{ key: 'SavedPayment' }] });
  });

  it('answers bad input with 400 and a guest token with 403', async () => {
    const casey = await customer();
    const bad = await Promise.all([
      ctx.app.inject({
        method: 'GET',
        url: '/v1/guests/saved-payments?paymentProcessorCode=VISA',
        headers: casey.headers,
      }),
      ctx.app.inject({ method: 'DELETE', url: '/v1/guests/saved-payments/abc', headers: casey.headers }),
      ctx.app.inject({
        method: 'PATCH',
        url: '/v1/guests/saved-payments/1/address',
        headers: casey.headers,
        payload: { postalCode: '78701', avsCoverageLevel: 'Street' },
      }),
    ]);
    expect(bad.map((r) => r.statusCode)).toEqual([400, 400, 400]);

    const ada = await guest();
    const asGuest = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/v1/guests/saved-payments', headers: ada.headers }),
      ctx.app.inject({ method: 'DELETE', url: '/v1/guests/saved-payments/1', headers: ada.headers }),
      ctx.app.inject({
        method: 'PATCH',
        url: '/v1/guests/saved-payments/1/address',
        headers: ada.headers,
        payload: { postalCode: '78701', avsCoverageLevel: 'ZipCodeOnly' },
      }),
    ]);
    expect(asGuest.map((r) => r.statusCode)).toEqual([403, 403, 403]);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/v1/guests/saved-payments' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('saves nothing for a guest, and refuses paymentIdToSave naming another payment', async () => {
    const ada = await guest();
    const order = await orderFor(ada);
    const payment = await newCardPayment(ada, order, { postalCode: '78701' });
    const wrong = await close(ada, order, {
      paymentToken: payment.paymentToken,
      paymentIdToSave: payment.id + 1000,
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ errors: [{ key: 'PaymentToSave' }] });
    const before = (await ctx.app.db.select().from(savedPayments)).length;
    const placed = await close(ada, order, {
      paymentToken: payment.paymentToken,
      paymentIdToSave: payment.id,
    });
    expect(placed.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(savedPayments)).toHaveLength(before);
  });

  it('turns saved cards off with the feature flag', async () => {
    const casey = await customer();
    const saved = await saveCard(casey);
    const setFlag = async (enabled: boolean) => {
      await ctx.app.db
        .update(featureFlags)
        .set({ enabled })
        .where(eq(featureFlags.name, FEATURE_FLAG.savedPayments));
      invalidateTemplatesCache(ctx.app.db);
    };
    await setFlag(false);
    try {
      const listed = await ctx.app.inject({
        method: 'GET',
        url: '/v1/guests/saved-payments',
        headers: casey.headers,
      });
      expect(listed.statusCode).toBe(403);
      expect(listed.json()).toMatchObject({ errors: [{ key: 'SavedPaymentsDisabled' }] });
      const order = await orderFor(casey);
      expect((await createPayment(casey, order, { savedPaymentId: saved.id })).statusCode).toBe(403);
      // Asked to save the card with the flag off, the order is still placed and nothing is saved.
      const payment = await newCardPayment(casey, order, { postalCode: '78701' }, '5555 5555 5555 4444');
      const placed = await close(casey, order, {
        paymentToken: payment.paymentToken,
        paymentIdToSave: payment.id,
      });
      expect(placed.statusCode).toBe(200);
    } finally {
      await setFlag(true);
    }
    expect(await list(casey)).toMatchObject([{ id: saved.id, cardLogo: 'visa' }]);
  });

  it('vaults through the configured processor: the saved token charges a later order', async () => {
    const processor = paymentProcessorFor(ctx.env);
    const casey = await customer();
    const saved = await saveCard(casey, { postalCode: '78701' }, '6011 1111 1111 1117');
    expect(saved).toMatchObject({ cardLogo: 'discover', maskedCardNumber: '************1117' });
    const [row] = await ctx.app.db.select().from(savedPayments).where(eq(savedPayments.id, saved.id));
    if (!row) throw new Error('saved card row missing');
    const charge = await processor.authorize({
      token: row.vaultToken,
      amountCents: 500,
      idempotencyKey: `later-${randomUUID()}`,
    });
    expect(charge).toMatchObject({ status: 'approved', brand: 'discover', lastFour: '1117' });
  });
});
