/**
 * The gift-card processor over HTTP (contracts/processor.ts). A capture without an answer (timeout, lost
 * answer) is asked again with the same key, which never takes twice; still without an answer it is reported
 * as an error, and the caller releases it by its key (which also cancels it should it arrive later).
 */
import { DomainError } from '../../lib/errors';
import { APP_ERROR } from '@storefront/contracts/errors';
import { PAYMENT_MESSAGES } from '@storefront/contracts/payments';
import {
  GiftCardCaptureAnswerSchema,
  GiftCardInfoSchema,
  GiftCardReleaseAnswerSchema,
} from '@storefront/contracts/processor';
import { ProcessorUnavailableError, type ProcessorClient } from './processor-client';
import type { CaptureResult, GiftCardInfo, GiftCardMovement, GiftCardProcessor } from './gift-card-processor';

/** How many times a call without an answer is asked again (same key) before it counts as an outage. */
const RETRIES = 2;

/** The guest's answer when the gift-card processor cannot be reached for a lookup (502, spec's message). */
export const giftCardServiceUnavailable = () =>
  new DomainError(502, {
    key: 'PaymentServiceUnavailable',
    code: APP_ERROR.Internal,
    message: PAYMENT_MESSAGES.serviceUnavailable,
  });

export class HttpGiftCards implements GiftCardProcessor {
  constructor(private readonly client: ProcessorClient) {}

  private async card(method: 'GET' | 'POST', path: string, body?: unknown): Promise<GiftCardInfo | null> {
    let answer;
    try {
      answer = await this.client.call(method, path, body);
    } catch (error) {
      if (error instanceof ProcessorUnavailableError) throw giftCardServiceUnavailable();
      throw error;
    }
    if (answer.status === 404) return null;
    const parsed = GiftCardInfoSchema.safeParse(answer.body);
    if (answer.status !== 200 || !parsed.success) throw giftCardServiceUnavailable();
    return parsed.data;
  }

  lookup(digits: string): Promise<GiftCardInfo | null> {
    return this.card('POST', '/v1/gift-cards/lookups', { number: digits });
  }

  async balance(cardId: number): Promise<number | null> {
    return (await this.card('GET', `/v1/gift-cards/${cardId}`))?.balanceCents ?? null;
  }

  async capture(movement: GiftCardMovement): Promise<CaptureResult> {
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      try {
        const answer = await this.client.call('POST', `/v1/gift-cards/${movement.cardId}/captures`, {
          amountCents: movement.amountCents,
          idempotencyKey: movement.idempotencyKey,
        });
        if (answer.status === 404) return { status: 'insufficient', balanceCents: 0 };
        const parsed = GiftCardCaptureAnswerSchema.safeParse(answer.body);
        if (answer.status !== 200 || !parsed.success) break;
        if (parsed.data.status === 'cancelled') return { status: 'error', message: '' };
        return parsed.data;
      } catch (error) {
        if (!(error instanceof ProcessorUnavailableError)) throw error;
      }
    }
    return { status: 'error', message: '' };
  }

  async release(movement: { cardId: number; captureKey: string }): Promise<boolean> {
    for (let attempt = 0; attempt <= RETRIES; attempt += 1) {
      try {
        const answer = await this.client.call('POST', `/v1/gift-cards/${movement.cardId}/releases`, {
          captureKey: movement.captureKey,
        });
        return answer.status === 404 || GiftCardReleaseAnswerSchema.safeParse(answer.body).success;
      } catch (error) {
        if (!(error instanceof ProcessorUnavailableError)) throw error;
      }
    }
    return false;
  }
}
