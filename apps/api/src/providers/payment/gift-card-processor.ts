/**
 * The gift-card processor: balance lookups, captures and releases of gift card amounts. The API talks to it
 * only through this interface; the embedded default is the sandbox (sandbox-gift-cards.ts), whose cards and
 * ledger live in our database. A real gift-card gateway would implement the same shapes.
 */
import type { Db } from '../../db/client';

/** A card the processor knows: its reference for later calls, its balance and the last four we may show. */
export interface GiftCardInfo {
  cardId: number;
  balanceCents: number;
  lastFour: string;
}

export interface GiftCardMovement {
  cardId: number;
  amountCents: number;
  /**
   * The processor moves money at most once per key: a retried capture or release with the same key answers
   * the first outcome without moving the balance again.
   */
  idempotencyKey: string;
}

export type CaptureResult =
  | { status: 'captured'; amountCents: number }
  /** The balance is lower than the amount (spent elsewhere since it was applied): nothing was taken. */
  | { status: 'insufficient'; balanceCents: number }
  /** The processor could not answer: nothing was taken. */
  | { status: 'error'; message: string };

export interface GiftCardProcessor {
  /**
   * The card of a number (digits only), or null when the processor does not know it. `db` is the caller's
   * connection or transaction: the sandbox keeps its ledger in our database and must join it (PGlite has a
   * single connection); a remote adapter ignores it.
   */
  lookup(digits: string, db: Db): Promise<GiftCardInfo | null>;
  /** The card's balance now, or null when it is gone. */
  balance(cardId: number, db: Db): Promise<number | null>;
  /** Takes `amountCents` off the card, never below 0. */
  capture(movement: GiftCardMovement, db: Db): Promise<CaptureResult>;
  /** Gives a captured amount back (the card payment that was to cover the rest failed). */
  release(movement: GiftCardMovement, db: Db): Promise<void>;
}
