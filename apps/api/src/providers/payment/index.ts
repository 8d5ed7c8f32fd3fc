/** The configured card processor. Only the sandbox exists so far; a real adapter would be chosen by env. */
import type { Env } from '../../env';
import type { PaymentProcessor } from './payment-processor';
import { SandboxProcessor } from './sandbox-processor';

const processors = new WeakMap<Env, PaymentProcessor>();

/** One processor per app configuration (the sandbox signs its tokens with a key derived from JWT_SECRET). */
export function paymentProcessorFor(env: Env): PaymentProcessor {
  let processor = processors.get(env);
  if (!processor) {
    processor = new SandboxProcessor(env.JWT_SECRET);
    processors.set(env, processor);
  }
  return processor;
}

export type { PaymentProcessor } from './payment-processor';
