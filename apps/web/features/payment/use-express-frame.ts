'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type {
  ExpressCompleteMessage,
  ExpressErrorMessage,
  ExpressFrameMessage,
} from '@storefront/contracts/payment-frames';
import { parseExpressFrameMessage } from '@storefront/contracts/payment-rules';
import { isFromFrame } from './aurus-frame';

/**
 * A message from the Express hosted frame, or null when it must be ignored: not from the frame (isFromFrame)
 * or a shape outside the Express protocol.
 */
export function readExpressMessage(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  paymentOrigin: string,
  frameWindow: MessageEventSource | null,
): ExpressFrameMessage | null {
  return isFromFrame(event, paymentOrigin, frameWindow) ? parseExpressFrameMessage(event.data) : null;
}

/**
 * Listens to the Express hosted frame (spec section 4, Express flow): the frame has its own pay button, and
 * HostedPaymentStatus Complete hands over the one-time token that places the order; Error carries the
 * processor's code and text. Only the first Complete of a frame counts (a frame that posts twice does not
 * place twice); a new frame (new `frameKey`) starts afresh.
 */
export function useExpressFrame(
  frameRef: RefObject<HTMLIFrameElement | null>,
  paymentOrigin: string,
  frameKey: string,
  handlers: {
    onComplete: (message: ExpressCompleteMessage) => void;
    onError: (message: ExpressErrorMessage) => void;
  },
) {
  const completed = useRef(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    completed.current = false;
    function onMessage(event: MessageEvent) {
      const message = readExpressMessage(event, paymentOrigin, frameRef.current?.contentWindow ?? null);
      if (!message) return;
      switch (message.HostedPaymentStatus) {
        case 'Ready':
          // The frame shows its own pay button; nothing on the page waits for it.
          break;
        case 'Complete':
          if (completed.current) return;
          completed.current = true;
          latest.current.onComplete(message);
          break;
        case 'Error':
          latest.current.onError(message);
          break;
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameRef, paymentOrigin, frameKey]);
}
