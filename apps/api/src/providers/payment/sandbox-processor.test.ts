import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { SANDBOX_AVS_FAILURE_POSTAL_CODE, SANDBOX_CARDS, SandboxProcessor } from './sandbox-processor';

const card = (cardNumber: string) => ({ cardNumber, expiry: '12/39', cvv: '123' });
const fullAddress = { address1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };

describe.each(await dbKinds())('the sandbox processor on %s', (kind) => {
  let ctx: TestContext;
  let processor: SandboxProcessor;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    processor = new SandboxProcessor('sandbox-test-secret');
  });
  afterAll(() => ctx.close());

  async function oneTimeToken(number: string = SANDBOX_CARDS.approve) {
    const result = await processor.tokenize(card(number));
    if (!result.ok) throw new Error(result.message);
    return result.token;
  }

  const authorize = (token: string, billing?: Parameters<SandboxProcessor['authorize']>[0]['billing']) =>
    processor.authorize(
      { token, amountCents: 1_000, idempotencyKey: `test-${randomUUID()}`, ...(billing ? { billing } : {}) },
      ctx.database.db,
    );

  it('declines the AVS test postal code and approves the same token once the address is fixed', async () => {
    const token = await oneTimeToken();
    const failing = await authorize(token, {
      level: 'ZipCodeOnly',
      address: { postalCode: SANDBOX_AVS_FAILURE_POSTAL_CODE },
    });
    expect(failing).toEqual({ status: 'declined', code: 886, message: 'The transaction was not authorized' });
    const fixed = await authorize(token, { level: 'ZipCodeOnly', address: { postalCode: '78701' } });
    expect(fixed).toMatchObject({ status: 'approved', brand: 'visa', lastFour: '4242' });
  });

  it('declines an address missing a field the store level requires', async () => {
    const token = await oneTimeToken();
    const zipOnly = { level: 'AddressAndZipCode' as const, address: { postalCode: '78701' } };
    expect(await authorize(token, zipOnly)).toMatchObject({ status: 'declined', code: 886 });
    expect(await authorize(token, { level: 'ZipCodeOnly', address: null })).toMatchObject({
      status: 'declined',
    });
    expect(await authorize(token, { level: 'AddressAndZipCode', address: fullAddress })).toMatchObject({
      status: 'approved',
    });
    // A store that verifies nothing takes no address.
    expect(await authorize(token, { level: 'None', address: null })).toMatchObject({ status: 'approved' });
  });

  it('vaults an approved charge into a reusable token without expiry that charges again', async () => {
    const first = await authorize(await oneTimeToken('5555 5555 5555 4444'));
    if (first.status !== 'approved') throw new Error('first charge declined');
    const vaulted = await processor.vault({ chargeId: first.chargeId }, ctx.database.db);
    if (!vaulted.ok) throw new Error(vaulted.message);
    expect(vaulted).toMatchObject({ brand: 'mastercard', lastFour: '4444' });
    expect(vaulted.vaultToken).not.toContain('5555555555554444');

    // Two years on, a one-time token would have expired; the vault token still charges.
    const later = new SandboxProcessor(
      'sandbox-test-secret',
      () => new Date(Date.now() + 2 * 365 * 86_400_000),
    );
    const again = await later.authorize(
      { token: vaulted.vaultToken, amountCents: 2_500, idempotencyKey: `test-${randomUUID()}` },
      ctx.database.db,
    );
    expect(again).toMatchObject({ status: 'approved', amountCents: 2_500, lastFour: '4444' });
  });

  it('vaults a one-time token and keeps its test outcome', async () => {
    const vaulted = await processor.vault(
      { oneTimeToken: await oneTimeToken(SANDBOX_CARDS.decline) },
      ctx.database.db,
    );
    if (!vaulted.ok) throw new Error(vaulted.message);
    expect(await authorize(vaulted.vaultToken)).toMatchObject({ status: 'declined', code: 886 });
  });

  it('refuses to vault what is not an approved charge or a live one-time token of its own', async () => {
    const declined = await authorize(await oneTimeToken(SANDBOX_CARDS.decline));
    expect(declined.status).toBe('declined');
    expect(await processor.vault({ chargeId: 'ch_sbx_999999999' }, ctx.database.db)).toMatchObject({
      ok: false,
    });
    expect(await processor.vault({ chargeId: 'ch_other_1' }, ctx.database.db)).toMatchObject({ ok: false });
    const foreign = await new SandboxProcessor('another-secret').tokenize(card(SANDBOX_CARDS.approve));
    if (!foreign.ok) throw new Error(foreign.message);
    expect(await processor.vault({ oneTimeToken: foreign.token }, ctx.database.db)).toMatchObject({
      ok: false,
    });
    const expired = new SandboxProcessor('sandbox-test-secret', () => new Date(Date.now() + 3_600_000));
    expect(await expired.vault({ oneTimeToken: await oneTimeToken() }, ctx.database.db)).toMatchObject({
      ok: false,
    });
  });

  it('never takes a vault token re-labelled as a one-time token, or the other way round', async () => {
    const vaulted = await processor.vault({ oneTimeToken: await oneTimeToken() }, ctx.database.db);
    if (!vaulted.ok) throw new Error(vaulted.message);
    const relabelled = vaulted.vaultToken.replace(/^vt_sbx_/, 'tok_sbx_');
    expect(await authorize(relabelled)).toMatchObject({ status: 'declined' });
    const token = await oneTimeToken();
    expect(await authorize(token.replace(/^tok_sbx_/, 'vt_sbx_'))).toMatchObject({ status: 'declined' });
  });
});
