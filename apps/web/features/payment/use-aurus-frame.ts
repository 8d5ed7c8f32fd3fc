'use client';

import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { AurusTokenResponseMessage } from '@storefront/contracts/payments';
import { readFrameMessage, tokenRequest } from './aurus-frame';

/** How long the frame may take to answer a token request before the attempt counts as failed. */
export const TOKEN_TIMEOUT_MS = 30_000;

export class FrameTimeoutError extends Error {
  constructor() {
    super('The payment form did not answer');
    this.name = 'FrameTimeoutError';
  }
}

interface Pending {
  requestId: string;
  resolve: (answer: AurusTokenResponseMessage) => void;
  reject: (error: Error) => void;
  timer: number;
}

/**
 * Speaks the Aurus protocol with the hosted payment frame: `canPlaceOrder` follows the frame's
 * enablePlaceOrder reports, `requestToken` posts a token request (to the payment origin only) and resolves
 * with the frame's answer. Messages from any other origin or window are ignored.
 */
export function useAurusFrame(frameRef: RefObject<HTMLIFrameElement | null>, paymentOrigin: string) {
  const [canPlaceOrder, setCanPlaceOrder] = useState(false);
  const [isReady, setIsReady] = useState(false);
  const pending = useRef<Pending | null>(null);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const message = readFrameMessage(event, paymentOrigin, frameRef.current?.contentWindow ?? null);
      if (!message) return;
      switch (message.type) {
        case 'frameReady':
          setIsReady(true);
          break;
        case 'enablePlaceOrder':
          setCanPlaceOrder(message.value);
          break;
        case 'tokenResponse': {
          const current = pending.current;
          if (!current || (message.requestId && message.requestId !== current.requestId)) return;
          window.clearTimeout(current.timer);
          pending.current = null;
          current.resolve(message);
          break;
        }
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frameRef, paymentOrigin]);

  useEffect(
    () => () => {
      const current = pending.current;
      if (current) {
        window.clearTimeout(current.timer);
        current.reject(new Error('The payment form was closed'));
        pending.current = null;
      }
    },
    [],
  );

  const requestToken = useCallback((): Promise<AurusTokenResponseMessage> => {
    const frame = frameRef.current?.contentWindow;
    if (!frame) return Promise.reject(new Error('The payment form is not loaded'));
    if (pending.current) return Promise.reject(new Error('A payment is already being processed'));
    const requestId = crypto.randomUUID();
    return new Promise<AurusTokenResponseMessage>((resolve, reject) => {
      const timer = window.setTimeout(() => {
        pending.current = null;
        reject(new FrameTimeoutError());
      }, TOKEN_TIMEOUT_MS);
      pending.current = { requestId, resolve, reject, timer };
      frame.postMessage(tokenRequest(requestId), paymentOrigin);
    });
  }, [frameRef, paymentOrigin]);

  /** A new frame (payment restarted): forget what the old one reported. */
  const reset = useCallback(() => {
    setCanPlaceOrder(false);
    setIsReady(false);
  }, []);

  return { canPlaceOrder, isReady, requestToken, reset };
}
