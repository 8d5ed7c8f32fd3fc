/**
 * The configured card and gift-card processors: adapters of the processor's merchant API over HTTP (the sandbox
 * processor app by default). An adapter for another gateway implements PaymentProcessor and GiftCardProcessor
 * and is chosen here (README 'Payments').
 */
import type { Env } from '../../env';
import type { GiftCardProcessor } from './gift-card-processor';
import { HttpGiftCards } from './http-gift-cards';
import type { PaymentProcessor } from './payment-processor';
import { ProcessorClient } from './processor-client';
import { HttpCardProcessor } from './http-card-processor';

const processors = new WeakMap<Env, PaymentProcessor>();
const giftCardProcessors = new WeakMap<Env, GiftCardProcessor>();

/** The card processor of an app configuration: the processor's merchant API at PROCESSOR_URL. */
export function paymentProcessorFor(env: Env): PaymentProcessor {
  let processor = processors.get(env);
  if (!processor) {
    processor = HttpCardProcessor.fromEnv(env);
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
