import { readAurusFrameMessage } from '@storefront/contracts/payment-rules';
import type { AurusFrameMessage, AurusParentMessage } from '@storefront/contracts/payments';

/**
 * Whether a message comes from a processor's hosted page: the payment origin and, when its window is known,
 * that window (another frame of the same origin does not count).
 */
export function isFromFrame(
  event: Pick<MessageEvent, 'origin' | 'source'>,
  paymentOrigin: string,
  frameWindow: MessageEventSource | null,
): boolean {
  return event.origin === paymentOrigin && (frameWindow === null || event.source === frameWindow);
}

/**
 * A message from the hosted payment frame, or null when it must be ignored: not from the frame (isFromFrame)
 * or a shape outside the Aurus protocol.
 */
export function readFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  paymentOrigin: string,
  frameWindow: MessageEventSource | null,
): AurusFrameMessage | null {
  if (!isFromFrame(event, paymentOrigin, frameWindow)) return null;
  return readAurusFrameMessage(event.data);
}

/** The origin of a payment URL ('https://pay.example.com'), or null when it is not an http(s) URL. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export function tokenRequest(requestId: string): AurusParentMessage {
  return { type: 'tokenRequest', requestId };
}
