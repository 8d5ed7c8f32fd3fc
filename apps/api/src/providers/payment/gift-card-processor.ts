/**
 * The gift-card processor: balance lookups, captures and releases of gift card amounts. The API talks to it
 * only through this interface; the embedded default is the sandbox processor app over HTTP
 * (http-gift-cards.ts), which keeps the cards and their ledger. A real gift-card gateway would implement the
 * same shapes.
 */

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
   * The processor moves money at most once per key: a retried capture with the same key answers the first
   * outcome without moving the balance again.
   */
  idempotencyKey: string;
}

export type CaptureResult =
  | { status: 'captured'; amountCents: number }
  /** The balance is lower than the amount (spent elsewhere since it was applied): nothing was taken. */
  | { status: 'insufficient'; balanceCents: number }
  /** The processor could not answer: whether anything was taken is unknown until it is released. */
  | { status: 'error'; message: string };

export interface GiftCardProcessor {
  /** The card of a number (digits only), or null when the processor does not know it. */
  lookup(digits: string): Promise<GiftCardInfo | null>;
  /** The card's balance now, or null when it is gone. */
  balance(cardId: number): Promise<number | null>;
  /** Takes `amountCents` off the card, never below 0. */
  capture(movement: GiftCardMovement): Promise<CaptureResult>;
  /**
   * Gives back what the capture made with `captureKey` took (a capture whose answer was lost included; one
   * that never arrived is cancelled so it takes nothing later). False when the processor could not be reached.
   */
  release(movement: { cardId: number; captureKey: string }): Promise<boolean>;
}
