/**
 * The card processor adapter against the sandbox processor app over real HTTP (no API database involved): one
 * charge per idempotency key whatever the processor does to the answer, voids and refunds, the vault, and the
 * signatures on what comes back through the browser.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NO_FAULTS, type Faults } from '../../../../sandbox-processor/src/faults';
import { SANDBOX_CARDS } from '../../../../sandbox-processor/src/ledger';
import type { ProcessorApp } from '../../../../sandbox-processor/src/app';
import { startTestProcessor, testMerchant } from '../../test/harness';
import { HttpCardProcessor } from './http-card-processor';
import { ProcessorClient } from './processor-client';

describe('the card processor over HTTP', () => {
  let processor: ProcessorApp;
  let adapter: HttpCardProcessor;
  let url: string;

  beforeAll(async () => {
    ({ processor, url } = await startTestProcessor());
    adapter = new HttpCardProcessor({
      client: new ProcessorClient(url, testMerchant.apiKey, 400),
      merchantId: testMerchant.id,
      apiKey: testMerchant.apiKey,
      publicUrl: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => processor.app.close());
  beforeEach(() => {
    processor.faults = structuredClone(NO_FAULTS);
  });

  const setFaults = (faults: Partial<Faults>) => {
    processor.faults = { ...structuredClone(NO_FAULTS), ...faults };
  };
  const token = async (card: string = SANDBOX_CARDS.approve) => {
    const made = await adapter.tokenize({ cardNumber: card, expiry: '12/39', cvv: '123' });
    if (!made.ok) throw new Error(made.message);
    return made.token;
  };
  const chargesOf = (key: string) => processor.ledger.chargesByKey(testMerchant, key);

  it('charges once per key: an answer lost, a 503 or a timeout is asked again with the same key', async () => {
    for (const fault of ['lost', 'error', 'timeout'] as const) {
      const key = `charge-${fault}-${randomUUID()}`;
      setFaults({ hangMs: 1_000, script: [{ fault, on: 'POST /v1/charges' }] });
      const result = await adapter.authorize({
        token: await token(),
        amountCents: 1250,
        idempotencyKey: key,
      });
      expect(result).toMatchObject({
        status: 'approved',
        amountCents: 1250,
        brand: 'visa',
        lastFour: '4242',
      });
      const charges = await chargesOf(key);
      expect(charges).toHaveLength(1);
      expect(charges[0]).toMatchObject({ status: 'approved', amountCents: 1250 });
      if (result.status === 'approved') expect(result.chargeId).toBe(charges[0]?.chargeId);
    }
  });

  it('looks a charge up by its key when every try loses its answer, and reports an outage as an error', async () => {
    const key = `lookup-${randomUUID()}`;
    setFaults({
      script: Array.from({ length: 3 }, () => ({ fault: 'lost' as const, on: 'POST /v1/charges' })),
    });
    expect(
      await adapter.authorize({ token: await token(), amountCents: 700, idempotencyKey: key }),
    ).toMatchObject({ status: 'approved', amountCents: 700 });
    expect(await chargesOf(key)).toHaveLength(1);
    expect(await adapter.lookup(key)).toMatchObject({ found: true, charge: { status: 'approved' } });

    const unseen = `down-${randomUUID()}`;
    const card = await token();
    setFaults({ down: true });
    expect(await adapter.authorize({ token: card, amountCents: 700, idempotencyKey: unseen })).toMatchObject({
      status: 'error',
      code: 500,
      message: 'The payment service is not available at this moment',
    });
    setFaults({});
    expect(await chargesOf(unseen)).toEqual([]);
    expect(await adapter.lookup(unseen)).toEqual({ found: false });
  });

  it('answers the decline of the declining card (886) and of an altered token without charging', async () => {
    const declined = await adapter.authorize({
      token: await token(SANDBOX_CARDS.decline),
      amountCents: 500,
      idempotencyKey: `decline-${randomUUID()}`,
    });
    expect(declined).toMatchObject({ status: 'declined', code: 886 });
    const good = await token();
    const altered = `${good.slice(0, -3)}${good.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    expect(adapter.verifyToken(altered)).toBeNull();
  });

  it('voids and refunds an approved charge once, answered again when asked again', async () => {
    const key = `void-${randomUUID()}`;
    const charge = await adapter.authorize({ token: await token(), amountCents: 300, idempotencyKey: key });
    if (charge.status !== 'approved') throw new Error('not approved');
    setFaults({ script: [{ fault: 'lost', on: 'POST /v1/charges/' }] });
    expect(await adapter.void(charge.chargeId, `void-of-${key}`)).toMatchObject({ status: 'voided' });
    expect(await adapter.void(charge.chargeId, `void-of-${key}`)).toMatchObject({ status: 'voided' });
    expect(await chargesOf(key)).toMatchObject([{ status: 'voided' }]);

    const other = `refund-${randomUUID()}`;
    const second = await adapter.authorize({ token: await token(), amountCents: 300, idempotencyKey: other });
    if (second.status !== 'approved') throw new Error('not approved');
    expect(await adapter.refund(second.chargeId, `refund-of-${other}`)).toMatchObject({ status: 'refunded' });
    setFaults({ down: true });
    expect(await adapter.refund(second.chargeId, `refund-of-${other}`)).toBeNull();
  });

  it('vaults the card of an approved charge into a token that charges again, and verifies its own tokens only', async () => {
    const key = `vault-${randomUUID()}`;
    const charge = await adapter.authorize({ token: await token(), amountCents: 400, idempotencyKey: key });
    if (charge.status !== 'approved') throw new Error('not approved');
    const vaulted = await adapter.vault({ chargeId: charge.chargeId });
    if (!vaulted.ok) throw new Error('not vaulted');
    expect(adapter.verifyToken(vaulted.vaultToken)).toMatchObject({ kind: 'vault', lastFour: '4242' });
    expect(
      await adapter.authorize({
        token: vaulted.vaultToken,
        amountCents: 400,
        idempotencyKey: `${key}-again`,
      }),
    ).toMatchObject({ status: 'approved' });

    // A token verified under another merchant key is not ours.
    const stranger = new HttpCardProcessor({
      client: new ProcessorClient(url, 'x'.repeat(40), 400),
      merchantId: testMerchant.id,
      apiKey: 'x'.repeat(40),
      publicUrl: 'http://127.0.0.1:9',
    });
    expect(stranger.verifyToken(await token())).toBeNull();
    expect(adapter.verifyToken(await token())).toMatchObject({ kind: 'one-time', brand: 'visa' });
  });

  it('signs hosted page URLs the processor serves, on its public origin, stable within the hour', async () => {
    const session = { sessionId: randomUUID(), amountCents: 2599, processorCode: 'EXPRESS' };
    const page = new URL(adapter.hostedPageUrl(session));
    expect(page.origin).toBe('http://127.0.0.1:9');
    expect(adapter.hostedPageUrl(session)).toBe(page.toString());
    const served = await processor.app.inject({ method: 'GET', url: `${page.pathname}${page.search}` });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('$25.99');
  });
});
