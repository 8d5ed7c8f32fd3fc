/**
 * The sandbox gift-card processor: cards and their ledger in sandbox_gift_cards / sandbox_gift_card_entries.
 * The balance only moves together with a ledger entry (initial balance + sum of entries = balance): a capture
 * is a guarded update (balance >= amount, the row lock serialises concurrent captures on one card) and a
 * negative entry; a release a positive one. Entries are unique per idempotency key, so a retry moves nothing.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxGiftCardEntries, sandboxGiftCards } from '../../db/schema/payments';
import type { CaptureResult, GiftCardInfo, GiftCardMovement, GiftCardProcessor } from './gift-card-processor';

async function entryOf(db: Db, idempotencyKey: string) {
  const [entry] = await db
    .select()
    .from(sandboxGiftCardEntries)
    .where(eq(sandboxGiftCardEntries.idempotencyKey, idempotencyKey))
    .limit(1);
  return entry ?? null;
}

export class SandboxGiftCards implements GiftCardProcessor {
  async lookup(digits: string, db: Db): Promise<GiftCardInfo | null> {
    const [card] = await db
      .select()
      .from(sandboxGiftCards)
      .where(eq(sandboxGiftCards.number, digits))
      .limit(1);
    if (!card) return null;
    return { cardId: card.id, balanceCents: card.balanceCents, lastFour: card.number.slice(-4) };
  }

  async balance(cardId: number, db: Db): Promise<number | null> {
    const [card] = await db
      .select({ balanceCents: sandboxGiftCards.balanceCents })
      .from(sandboxGiftCards)
      .where(eq(sandboxGiftCards.id, cardId))
      .limit(1);
    return card?.balanceCents ?? null;
  }

  async capture(movement: GiftCardMovement, db: Db): Promise<CaptureResult> {
    const done = await entryOf(db, movement.idempotencyKey);
    if (done) return { status: 'captured', amountCents: -done.amountCents };
    const [card] = await db
      .update(sandboxGiftCards)
      .set({
        balanceCents: sql`${sandboxGiftCards.balanceCents} - ${movement.amountCents}`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(sandboxGiftCards.id, movement.cardId),
          gte(sandboxGiftCards.balanceCents, movement.amountCents),
        ),
      )
      .returning({ id: sandboxGiftCards.id });
    if (!card) {
      return { status: 'insufficient', balanceCents: (await this.balance(movement.cardId, db)) ?? 0 };
    }
    await db.insert(sandboxGiftCardEntries).values({
      giftCardId: movement.cardId,
      amountCents: -movement.amountCents,
      kind: 'capture',
      idempotencyKey: movement.idempotencyKey,
    });
    return { status: 'captured', amountCents: movement.amountCents };
  }

  async release(movement: GiftCardMovement, db: Db): Promise<void> {
    if (await entryOf(db, movement.idempotencyKey)) return;
    await db
      .update(sandboxGiftCards)
      .set({
        balanceCents: sql`${sandboxGiftCards.balanceCents} + ${movement.amountCents}`,
        updatedAt: new Date(),
      })
      .where(eq(sandboxGiftCards.id, movement.cardId));
    await db.insert(sandboxGiftCardEntries).values({
      giftCardId: movement.cardId,
      amountCents: movement.amountCents,
      kind: 'release',
      idempotencyKey: movement.idempotencyKey,
    });
  }
}

/** The embedded gift-card processor (stateless: its state is the database it is handed). */
export const sandboxGiftCardProcessor = new SandboxGiftCards();
