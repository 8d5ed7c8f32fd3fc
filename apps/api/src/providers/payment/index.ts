/** The configured card and gift-card processors. A real adapter would be chosen by env. */
import type { Env } from '../../env';
import type { GiftCardProcessor } from './gift-card-processor';
import { HttpGiftCards } from './http-gift-cards';
import type { PaymentProcessor } from './payment-processor';
import { ProcessorClient } from './processor-client';
import { SandboxProcessor } from './sandbox-processor';

const processors = new WeakMap<Env, PaymentProcessor>();
const giftCardProcessors = new WeakMap<Env, GiftCardProcessor>();

/** One processor per app configuration (the sandbox signs its tokens with a key derived from JWT_SECRET). */
export function paymentProcessorFor(env: Env): PaymentProcessor {
  let processor = processors.get(env);
  if (!processor) {
    processor = new SandboxProcessor(env.JWT_SECRET);
    processors.set(env, processor);
  }
  return processor;
}

/** The gift-card processor of an app configuration: the processor's merchant API at PROCESSOR_URL. */
export function giftCardProcessorFor(env: Env): GiftCardProcessor {
  let giftCards = giftCardProcessors.get(env);
  if (!giftCards) {
    giftCards = new HttpGiftCards(ProcessorClient.fromEnv(env));
    giftCardProcessors.set(env, giftCards);
  }
  return giftCards;
}

export type { PaymentProcessor } from './payment-processor';
export type { GiftCardProcessor } from './gift-card-processor';
