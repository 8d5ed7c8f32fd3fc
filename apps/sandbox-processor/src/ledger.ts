/**
 * The sandbox processor's business: cards, charges, the vault, gift cards and wallet sessions, each ledger
 * kept in its own storage, per merchant. Test cards (Stripe style):
 *   4242 4242 4242 4242 approves; 4000 0000 0000 0002 declines (886);
 *   4000 0000 0000 9995 insufficient funds (886); 4000 0000 0000 0119 processing error (500).
 * Any other valid card approves.
 *
 * Charges: one per (merchant, idempotency key): a charge asked again answers the first outcome and charges
 * nothing more (another amount under the same key is refused). An approved charge settles in the settlement
 * batch: `settleAfterMs` after it was made (SANDBOX_PROCESSOR_SETTLE_AFTER_SECONDS, a day by default, applied
 * whenever the merchant's charges are read or reversed) or when a test runs the batch (settle()). Before it
 * settles a charge is voided; once settled only a refund gives it back (a void leaves it 'settled'). Both are
 * idempotent. Address verification (AVS) at the store's level: a required field missing or the postal code
 * 99999 declines before anything reaches the ledger.
 *
 * Gift cards: the balance only moves together with a ledger entry (initial balance + sum of entries =
 * balance); a capture is a guarded update (balance >= amount), a release gives an amount back; each entry is
 * unique per idempotency key, so a retry moves nothing.
 *
 * Wallet sessions: a session for an amount with its own secret (in the sheet's URL); approving or cancelling
 * needs the secret, and of two racing approvals one wins. An approval mints the device card's one-time token
 * bound to the session and its amount.
 */
import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { APP_ERROR as APP_ERROR_CODES } from '@storefront/contracts/errors';
import {
  PAYMENT_MESSAGES,
  cardBrand,
  cardDigits,
  isCvvValid,
  isExpiryValid,
  isLuhnValid,
} from '@storefront/contracts/payments';
import { isBillingAddressComplete } from '@storefront/contracts/saved-payments';
import { WALLET_SESSION_TTL_MS } from '@storefront/contracts/payment-frames';
import type { BillingCheckSchema, ChargeAnswer, ProcessorCharge } from '@storefront/contracts/processor';
import type { z } from 'zod';
import type { Merchant } from './settings';
import type { Sql, Store } from './store';
import { TokenSealer, tokenFingerprint, type Outcome } from './tokens';

export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  insufficientFunds: '4000000000009995',
  processingError: '4000000000000119',
} as const;

/** The billing postal code that never matches the card's address (the AVS failure of the test cards). */
export const SANDBOX_AVS_FAILURE_POSTAL_CODE = '99999';

/** Sandbox gift cards every merchant has: number (digits) and starting balance in cents (README 'Test gift cards'). */
export const SANDBOX_GIFT_CARDS = {
  twentyFive: { number: '6000000000000001', balanceCents: 2500 },
  hundred: { number: '6000000000000002', balanceCents: 10_000 },
  five: { number: '6000000000000003', balanceCents: 500 },
  empty: { number: '6000000000000004', balanceCents: 0 },
  fiveHundred: { number: '6000000000000005', balanceCents: 50_000 },
} as const;

/** The card the sandbox wallet device holds: a Visa ending in 4242 (approves). */
export const SANDBOX_WALLET_CARD = { brand: 'visa', lastFour: SANDBOX_CARDS.approve.slice(-4) } as const;

const TOKEN_TTL_MS = 30 * 60 * 1000;
const CHARGE_PREFIX = 'ch_sbx_';

type BillingCheck = z.infer<typeof BillingCheckSchema>;

function outcomeOf(digits: string): Outcome {
  switch (digits) {
    case SANDBOX_CARDS.decline:
      return 'decline';
    case SANDBOX_CARDS.insufficientFunds:
      return 'insufficient_funds';
    case SANDBOX_CARDS.processingError:
      return 'processing_error';
    default:
      return 'approve';
  }
}

/** Whether the billing address passes the sandbox's AVS at its level. */
export function passesSandboxAvs(billing: BillingCheck | undefined): boolean {
  if (!billing || billing.level === 'None') return true;
  if (!isBillingAddressComplete(billing.address, billing.level)) return false;
  return (billing.address?.postalCode ?? '').trim().slice(0, 5) !== SANDBOX_AVS_FAILURE_POSTAL_CODE;
}

interface ChargeRow {
  id: number;
  idempotency_key: string;
  amount_cents: number;
  outcome: string;
  status: string;
  brand: string;
  last_four: string;
  created_at: Date | string;
}

function toCharge(row: ChargeRow): ProcessorCharge {
  return {
    chargeId: `${CHARGE_PREFIX}${row.id}`,
    idempotencyKey: row.idempotency_key,
    status: row.status as ProcessorCharge['status'],
    amountCents: row.amount_cents,
    brand: row.brand,
    lastFour: row.last_four,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function chargeIdOf(chargeId: string): number | null {
  if (!chargeId.startsWith(CHARGE_PREFIX)) return null;
  const id = Number(chargeId.slice(CHARGE_PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? id : null;
}

const declined = (): ChargeAnswer => ({
  status: 'declined',
  code: APP_ERROR_CODES.TransactionNotAuthorized,
  message: PAYMENT_MESSAGES.notAuthorized,
});

export interface WalletSessionRow {
  id: string;
  merchant: string;
  secret_hash: string;
  reference: string;
  merchant_name: string;
  amount_cents: number;
  status: 'open' | 'approved' | 'cancelled';
  expires_at: Date | string;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** MM/YY three years after `now`: the device card never expires during a test. */
function deviceCardExpiry(now: Date): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  const year = String((now.getUTCFullYear() + 3) % 100).padStart(2, '0');
  return `${month}/${year}`;
}

export class Ledger {
  constructor(
    private readonly store: Store,
    private readonly sealer: TokenSealer,
    private readonly now: () => Date = () => new Date(),
    /** How long after it was made an approved charge settles; null: only when settle() runs the batch. */
    private readonly settleAfterMs: number | null = null,
  ) {}

  /**
   * The settlement batch: the merchant's approved charges made before `before` become 'settled' (a void no
   * longer gives them back, a refund does). Answers how many settled.
   */
  async settle(merchant: Merchant, before: Date): Promise<number> {
    const rows = await this.store.query<{ id: number }>(
      `UPDATE charges SET status = 'settled', updated_at = now()
       WHERE merchant = $1 AND status = 'approved' AND created_at < $2 RETURNING id`,
      [merchant.id, before.toISOString()],
    );
    return rows.length;
  }

  /** Settles what `settleAfterMs` says is due before the merchant's charges are read or reversed. */
  private async settleDue(merchant: Merchant): Promise<void> {
    if (this.settleAfterMs === null) return;
    await this.settle(merchant, new Date(this.now().getTime() - this.settleAfterMs));
  }

  /** Gives every merchant the sandbox gift cards (once). */
  async seedGiftCards(merchants: readonly Merchant[]): Promise<void> {
    for (const merchant of merchants) {
      for (const card of Object.values(SANDBOX_GIFT_CARDS)) {
        await this.store.query(
          `INSERT INTO gift_cards (merchant, number, initial_balance_cents, balance_cents)
           VALUES ($1, $2, $3, $3) ON CONFLICT (merchant, number) DO NOTHING`,
          [merchant.id, card.number, card.balanceCents],
        );
      }
    }
  }

  /* ---------- cards ---------- */

  tokenize(
    merchant: Merchant,
    card: { cardNumber: string; expiry: string; cvv: string },
    claims: { sessionId?: string; amountCents?: number } = {},
  ) {
    const digits = cardDigits(card.cardNumber);
    if (!isLuhnValid(digits)) return { ok: false as const, code: 1, message: 'Invalid card number' };
    if (!isExpiryValid(card.expiry, this.now()))
      return { ok: false as const, code: 2, message: 'Invalid expiry date' };
    if (!isCvvValid(card.cvv)) return { ok: false as const, code: 3, message: 'Invalid security code' };
    const payload = {
      b: cardBrand(digits),
      l: digits.slice(-4),
      m: merchant.id,
      o: outcomeOf(digits),
      e: this.now().getTime() + TOKEN_TTL_MS,
      ...(claims.sessionId === undefined ? {} : { s: claims.sessionId }),
      ...(claims.amountCents === undefined ? {} : { a: claims.amountCents }),
    };
    const token = this.sealer.seal('one-time', payload, merchant.apiKey);
    return { ok: true as const, token, brand: payload.b, lastFour: payload.l };
  }

  async charge(
    merchant: Merchant,
    request: { token: string; amountCents: number; idempotencyKey: string; billing?: BillingCheck },
  ): Promise<ChargeAnswer> {
    const opened = this.sealer.open(request.token, merchant.id, this.now());
    if (!opened || !passesSandboxAvs(request.billing)) return declined();
    const { payload } = opened;
    // A wallet token pays exactly the amount its payer approved.
    if (payload.a !== undefined && payload.a !== request.amountCents) return declined();
    if (payload.o === 'processing_error') {
      // An outage: nothing reaches the ledger, nothing is charged.
      return {
        status: 'error',
        code: APP_ERROR_CODES.Internal,
        message: PAYMENT_MESSAGES.serviceUnavailable,
      };
    }
    const inserted = await this.store.query<ChargeRow>(
      `INSERT INTO charges (merchant, idempotency_key, token_hash, amount_cents, outcome, status, brand, last_four)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (merchant, idempotency_key) DO NOTHING RETURNING *`,
      [
        merchant.id,
        request.idempotencyKey,
        tokenFingerprint(request.token),
        request.amountCents,
        payload.o === 'approve' ? 'approved' : payload.o,
        payload.o === 'approve' ? 'approved' : 'declined',
        payload.b,
        payload.l,
      ],
    );
    const row = inserted[0] ?? (await this.chargeByKey(merchant, request.idempotencyKey));
    if (!row) throw new Error('the sandbox ledger lost a charge');
    if (inserted.length === 0 && row.amount_cents !== request.amountCents) {
      return {
        status: 'error',
        code: APP_ERROR_CODES.Internal,
        message: 'Idempotency key reused with another amount',
      };
    }
    if (row.outcome !== 'approved') return declined();
    return { status: 'approved', charge: toCharge(row) };
  }

  private async chargeByKey(merchant: Merchant, key: string): Promise<ChargeRow | null> {
    const [row] = await this.store.query<ChargeRow>(
      `SELECT * FROM charges WHERE merchant = $1 AND idempotency_key = $2`,
      [merchant.id, key],
    );
    return row ?? null;
  }

  /** The charge made under an idempotency key (declined ones included), or none. */
  async chargesByKey(merchant: Merchant, key: string): Promise<ProcessorCharge[]> {
    await this.settleDue(merchant);
    const row = await this.chargeByKey(merchant, key);
    return row ? [toCharge(row)] : [];
  }

  /** Charges made since `since`, oldest first, at most `limit` (reconciliation). */
  async chargesSince(merchant: Merchant, since: Date, limit: number): Promise<ProcessorCharge[]> {
    await this.settleDue(merchant);
    const rows = await this.store.query<ChargeRow>(
      `SELECT * FROM charges WHERE merchant = $1 AND created_at >= $2 ORDER BY created_at, id LIMIT $3`,
      [merchant.id, since.toISOString(), limit],
    );
    return rows.map(toCharge);
  }

  async chargeById(merchant: Merchant, chargeId: string): Promise<ProcessorCharge | null> {
    const id = chargeIdOf(chargeId);
    if (id === null) return null;
    await this.settleDue(merchant);
    const [row] = await this.store.query<ChargeRow>(`SELECT * FROM charges WHERE merchant = $1 AND id = $2`, [
      merchant.id,
      id,
    ]);
    return row ? toCharge(row) : null;
  }

  /**
   * Voids an approved charge not yet settled, or refunds an approved or settled one: the money goes back, once.
   * A charge already voided or refunded is answered as it is, and so is a settled charge asked to be voided
   * (it stays 'settled': refund it); a declined one cannot be reversed (null).
   */
  async reverse(merchant: Merchant, chargeId: string, kind: 'voided' | 'refunded') {
    const id = chargeIdOf(chargeId);
    if (id === null) return null;
    await this.settleDue(merchant);
    const [row] = await this.store.query<ChargeRow>(
      `UPDATE charges SET status = $3, updated_at = now()
       WHERE merchant = $1 AND id = $2 AND status = ANY($4::text[]) RETURNING *`,
      [merchant.id, id, kind, kind === 'voided' ? ['approved'] : ['approved', 'settled']],
    );
    if (row) return toCharge(row);
    const current = await this.chargeById(merchant, chargeId);
    return current && current.status !== 'declined' ? current : null;
  }

  async vault(merchant: Merchant, source: { oneTimeToken: string } | { chargeId: string }) {
    let card: { b: string; l: string; o: Outcome } | null = null;
    if ('oneTimeToken' in source) {
      const opened = this.sealer.open(source.oneTimeToken, merchant.id, this.now());
      // Only a one-time token is vaulted this way: a vault token is already reusable.
      if (opened?.kind === 'one-time') card = opened.payload;
    } else {
      const charge = await this.chargeById(merchant, source.chargeId);
      if (charge && (charge.status === 'approved' || charge.status === 'settled'))
        card = { b: charge.brand, l: charge.lastFour, o: 'approve' };
    }
    if (!card)
      return {
        ok: false as const,
        code: APP_ERROR_CODES.TransactionNotAuthorized,
        message: 'The card cannot be saved',
      };
    const vaultToken = this.sealer.seal(
      'vault',
      { b: card.b, l: card.l, o: card.o, m: merchant.id },
      merchant.apiKey,
    );
    return { ok: true as const, vaultToken, brand: card.b, lastFour: card.l };
  }

  /* ---------- gift cards ---------- */

  async giftCardByNumber(merchant: Merchant, digits: string) {
    const [card] = await this.store.query<{ id: number; balance_cents: number; number: string }>(
      `SELECT id, balance_cents, number FROM gift_cards WHERE merchant = $1 AND number = $2`,
      [merchant.id, digits],
    );
    return card
      ? { cardId: card.id, balanceCents: card.balance_cents, lastFour: card.number.slice(-4) }
      : null;
  }

  async giftCardById(merchant: Merchant, cardId: number) {
    const [card] = await this.store.query<{ id: number; balance_cents: number; number: string }>(
      `SELECT id, balance_cents, number FROM gift_cards WHERE merchant = $1 AND id = $2`,
      [merchant.id, cardId],
    );
    return card
      ? { cardId: card.id, balanceCents: card.balance_cents, lastFour: card.number.slice(-4) }
      : null;
  }

  private async entry(tx: Sql, merchant: Merchant, key: string) {
    const [entry] = await tx.query<{
      gift_card_id: number;
      amount_cents: number;
      kind: string;
      idempotency_key: string;
    }>(
      `SELECT gift_card_id, amount_cents, kind, idempotency_key FROM gift_card_entries
       WHERE merchant = $1 AND idempotency_key = $2`,
      [merchant.id, key],
    );
    return entry ?? null;
  }

  async giftCardEntry(merchant: Merchant, key: string) {
    const entry = await this.entry(this.store, merchant, key);
    return entry
      ? {
          cardId: entry.gift_card_id,
          amountCents: entry.amount_cents,
          kind: entry.kind as 'capture' | 'release' | 'cancel',
          idempotencyKey: entry.idempotency_key,
        }
      : null;
  }

  /** Takes `amountCents` off the card, never below 0; null for a card the merchant does not have. */
  async capture(merchant: Merchant, cardId: number, amountCents: number, key: string) {
    return this.store.transaction(async (tx) => {
      const done = await this.entry(tx, merchant, key);
      // A key whose capture was cancelled or given back takes nothing: asked again, it answers 'cancelled'.
      if (done?.kind === 'cancel' || (done && (await this.entry(tx, merchant, `release:${key}`))))
        return { status: 'cancelled' as const };
      if (done) return { status: 'captured' as const, amountCents: -done.amount_cents };
      const [card] = await tx.query<{ id: number }>(
        `UPDATE gift_cards SET balance_cents = balance_cents - $3
         WHERE merchant = $1 AND id = $2 AND balance_cents >= $3 RETURNING id`,
        [merchant.id, cardId, amountCents],
      );
      if (!card) {
        const [current] = await tx.query<{ balance_cents: number }>(
          `SELECT balance_cents FROM gift_cards WHERE merchant = $1 AND id = $2`,
          [merchant.id, cardId],
        );
        if (!current) return null;
        return { status: 'insufficient' as const, balanceCents: current.balance_cents };
      }
      await tx.query(
        `INSERT INTO gift_card_entries (merchant, gift_card_id, amount_cents, kind, idempotency_key)
         VALUES ($1, $2, $3, 'capture', $4)`,
        [merchant.id, cardId, -amountCents, key],
      );
      return { status: 'captured' as const, amountCents };
    });
  }

  /**
   * Gives back what the capture made under `captureKey` took from the card, once. A capture that has not
   * arrived is cancelled (a 'cancel' entry under its key, 0 cents), so if it arrives later it takes nothing.
   * Answers the amount given back, or null for a card the merchant does not have.
   */
  async release(merchant: Merchant, cardId: number, captureKey: string): Promise<number | null> {
    return this.store.transaction(async (tx) => {
      // The card's row lock orders this release with a capture of the same key racing it.
      const [card] = await tx.query<{ id: number }>(
        `SELECT id FROM gift_cards WHERE merchant = $1 AND id = $2 FOR UPDATE`,
        [merchant.id, cardId],
      );
      if (!card) return null;
      const releaseKey = `release:${captureKey}`;
      const released = await this.entry(tx, merchant, releaseKey);
      if (released) return released.amount_cents;
      const captured = await this.entry(tx, merchant, captureKey);
      if (!captured) {
        await tx.query(
          `INSERT INTO gift_card_entries (merchant, gift_card_id, amount_cents, kind, idempotency_key)
           VALUES ($1, $2, 0, 'cancel', $3)`,
          [merchant.id, cardId, captureKey],
        );
        return 0;
      }
      if (captured.kind !== 'capture' || captured.gift_card_id !== cardId) return 0;
      const amount = -captured.amount_cents;
      await tx.query(
        `UPDATE gift_cards SET balance_cents = balance_cents + $3 WHERE merchant = $1 AND id = $2`,
        [merchant.id, cardId, amount],
      );
      await tx.query(
        `INSERT INTO gift_card_entries (merchant, gift_card_id, amount_cents, kind, idempotency_key)
         VALUES ($1, $2, $3, 'release', $4)`,
        [merchant.id, cardId, amount, releaseKey],
      );
      return amount;
    });
  }

  /** Sandbox only (tests, bench): a gift card with a balance, or the balance of an existing number reset. */
  async putGiftCard(merchant: Merchant, number: string, balanceCents: number) {
    const [row] = await this.store.query<{ id: number }>(
      `INSERT INTO gift_cards (merchant, number, initial_balance_cents, balance_cents) VALUES ($1, $2, $3, $3)
       ON CONFLICT (merchant, number) DO UPDATE
         SET balance_cents = $3,
             initial_balance_cents = $3 - (SELECT coalesce(sum(amount_cents), 0) FROM gift_card_entries e
                                           WHERE e.gift_card_id = gift_cards.id)
       RETURNING id`,
      [merchant.id, number, balanceCents],
    );
    if (!row) throw new Error('gift card not stored');
    return { cardId: row.id, balanceCents, lastFour: number.slice(-4) };
  }

  /** Every gift-card movement of the merchant, oldest first (tests and reconciliation checks). */
  async giftCardEntries(merchant: Merchant) {
    const rows = await this.store.query<{
      gift_card_id: number;
      amount_cents: number;
      kind: string;
      idempotency_key: string;
    }>(
      `SELECT gift_card_id, amount_cents, kind, idempotency_key FROM gift_card_entries WHERE merchant = $1 ORDER BY id`,
      [merchant.id],
    );
    return rows.map((e) => ({
      giftCardId: e.gift_card_id,
      amountCents: e.amount_cents,
      kind: e.kind,
      idempotencyKey: e.idempotency_key,
    }));
  }

  /** A card's ledger: its balance and its entries, oldest first (tests check initial + entries = balance). */
  async giftCardLedger(merchant: Merchant, cardId: number) {
    const [card] = await this.store.query<{ initial_balance_cents: number; balance_cents: number }>(
      `SELECT initial_balance_cents, balance_cents FROM gift_cards WHERE merchant = $1 AND id = $2`,
      [merchant.id, cardId],
    );
    if (!card) return null;
    const entries = await this.store.query<{ amount_cents: number; kind: string; idempotency_key: string }>(
      `SELECT amount_cents, kind, idempotency_key FROM gift_card_entries WHERE gift_card_id = $1 ORDER BY id`,
      [cardId],
    );
    return {
      initialBalanceCents: card.initial_balance_cents,
      balanceCents: card.balance_cents,
      entries: entries.map((e) => ({
        amountCents: e.amount_cents,
        kind: e.kind,
        idempotencyKey: e.idempotency_key,
      })),
    };
  }

  /* ---------- wallet ---------- */

  async openWalletSession(
    merchant: Merchant,
    input: { amountCents: number; merchantName: string; reference: string },
  ) {
    const secret = randomBytes(24).toString('base64url');
    const now = this.now();
    const [row] = await this.store.query<WalletSessionRow>(
      `INSERT INTO wallet_sessions (id, merchant, secret_hash, reference, merchant_name, amount_cents, status, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8) RETURNING *`,
      [
        randomUUID(),
        merchant.id,
        hashSecret(secret),
        input.reference,
        input.merchantName,
        input.amountCents,
        now.toISOString(),
        new Date(now.getTime() + WALLET_SESSION_TTL_MS).toISOString(),
      ],
    );
    if (!row) throw new Error('insert wallet_sessions returned nothing');
    return { row, secret };
  }

  /** The session when `secret` is its own (compared in constant time), else null. */
  async walletSession(sessionId: string, secret: string): Promise<WalletSessionRow | null> {
    const [row] = await this.store.query<WalletSessionRow>(`SELECT * FROM wallet_sessions WHERE id = $1`, [
      sessionId,
    ]);
    if (!row) return null;
    const given = Buffer.from(hashSecret(secret));
    const expected = Buffer.from(row.secret_hash);
    return given.length === expected.length && timingSafeEqual(given, expected) ? row : null;
  }

  isOpen(row: WalletSessionRow): boolean {
    return row.status === 'open' && new Date(row.expires_at).getTime() > this.now().getTime();
  }

  /**
   * The sheet's Approve: the open, unexpired session becomes approved (of two racing calls one wins) and the
   * device card's one-time token for the session's amount is minted; null when it was not open.
   */
  async approveWallet(merchant: Merchant, row: WalletSessionRow, simulateDecline: boolean) {
    const [settled] = await this.store.query<WalletSessionRow>(
      `UPDATE wallet_sessions SET status = 'approved'
       WHERE id = $1 AND status = 'open' AND expires_at > $2 RETURNING *`,
      [row.id, this.now().toISOString()],
    );
    if (!settled) return null;
    const token = this.tokenize(
      merchant,
      {
        cardNumber: simulateDecline ? SANDBOX_CARDS.decline : SANDBOX_CARDS.approve,
        expiry: deviceCardExpiry(this.now()),
        cvv: '123',
      },
      { sessionId: row.id, amountCents: settled.amount_cents },
    );
    if (!token.ok) throw new Error('the sandbox device card did not tokenise');
    return token;
  }

  /** The sheet's Cancel: an open session (expired or not) becomes cancelled; answers the status afterwards. */
  async cancelWallet(row: WalletSessionRow): Promise<WalletSessionRow['status']> {
    const [cancelled] = await this.store.query<WalletSessionRow>(
      `UPDATE wallet_sessions SET status = 'cancelled' WHERE id = $1 AND status = 'open' RETURNING *`,
      [row.id],
    );
    if (cancelled) return cancelled.status;
    const [current] = await this.store.query<WalletSessionRow>(
      `SELECT * FROM wallet_sessions WHERE id = $1`,
      [row.id],
    );
    return current?.status ?? row.status;
  }
}
