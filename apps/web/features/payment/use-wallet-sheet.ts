'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { WalletOutcome, WalletSession } from '@storefront/contracts/payment-frames';
import { parseWalletSheetMessage, walletOutcomeOf } from '@storefront/contracts/payment-rules';
import { originOf } from './aurus-frame';

/**
 * How a message from the wallet sheet ends the presentation, or null when it must be ignored: another origin
 * than the payment origin, another window than the sheet's frame (when known), another session, a shape outside
 * the wallet protocol, or a message that ends nothing ('walletReady').
 */
export function readWalletMessage(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  paymentOrigin: string,
  frameWindow: MessageEventSource | null,
  sessionId: string,
): WalletOutcome | null {
  if (event.origin !== paymentOrigin) return null;
  if (frameWindow !== null && event.source !== frameWindow) return null;
  const message = parseWalletSheetMessage(event.data, sessionId);
  return message ? walletOutcomeOf(message) : null;
}

/**
 * The sandbox wallet's sheet: `showSheet(session)` frames the processor's sheet and resolves with the payer's
 * answer (approved with a one-time token, cancelled, or an error with the processor's text). Closing the
 * dialog counts as cancelled: nothing is charged. A sheet served from another origin is refused.
 */
export function useWalletSheet(paymentOrigin: string) {
  const [session, setSession] = useState<WalletSession | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const resolver = useRef<((outcome: WalletOutcome) => void) | null>(null);

  const finish = useCallback((outcome: WalletOutcome) => {
    const resolve = resolver.current;
    resolver.current = null;
    setSession(null);
    resolve?.(outcome);
  }, []);

  useEffect(() => {
    if (!session) return;
    const { sessionId } = session;
    function onMessage(event: MessageEvent) {
      const outcome = readWalletMessage(
        event,
        paymentOrigin,
        frameRef.current?.contentWindow ?? null,
        sessionId,
      );
      if (outcome) finish(outcome);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [session, paymentOrigin, finish]);

  // A page left while the sheet is open: whoever awaits the presentation hears 'cancelled'.
  useEffect(() => () => resolver.current?.({ status: 'cancelled' }), []);

  const showSheet = useCallback(
    (next: WalletSession): Promise<WalletOutcome> => {
      if (originOf(next.sheetUrl) !== paymentOrigin) {
        return Promise.resolve({
          status: 'error',
          code: 9904,
          message: 'The wallet is not configured for this site',
        });
      }
      resolver.current?.({ status: 'cancelled' });
      return new Promise<WalletOutcome>((resolve) => {
        resolver.current = resolve;
        setSession(next);
      });
    },
    [paymentOrigin],
  );

  const cancel = useCallback(() => finish({ status: 'cancelled' }), [finish]);

  return { session, frameRef, showSheet, cancel };
}
