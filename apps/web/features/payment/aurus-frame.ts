import {
  AurusFrameMessageSchema,
  type AurusFrameMessage,
  type AurusParentMessage,
} from '@storefront/contracts/payments';

/**
 * A message from the hosted payment frame, or null when it must be ignored: another origin than the payment
 * origin, another window than the frame (when known), or a shape outside the Aurus protocol.
 */
export function readFrameMessage(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  paymentOrigin: string,
  frameWindow: MessageEventSource | null,
): AurusFrameMessage | null {
  if (event.origin !== paymentOrigin) return null;
  if (frameWindow !== null && event.source !== frameWindow) return null;
  const parsed = AurusFrameMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
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
