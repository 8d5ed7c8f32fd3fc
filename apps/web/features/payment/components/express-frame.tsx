'use client';

import { useRef } from 'react';
import { usePaymentFlow } from '../payment-flow-context';
import { useExpressFrame } from '../use-express-frame';
import { HostedPaymentFrame } from './hosted-payment-frame';

/**
 * The Express processor's hosted card page for the pending payment (in place of the Aurus frame). The guest
 * pays with the frame's own button, so the page has no 'Process Transaction' button for it: Complete places the
 * order with the frame's token, Error opens the spec's dialog for its code.
 */
export function ExpressFrame({ paymentUrl }: { paymentUrl: string }) {
  const flow = usePaymentFlow();
  const frameRef = useRef<HTMLIFrameElement>(null);
  useExpressFrame(frameRef, flow.paymentOrigin, paymentUrl, {
    onComplete: (message) => void flow.place({ paymentToken: message.PaymentToken }),
    onError: (message) => flow.fail(message.ExpressResponseCode, message.ExpressResponseMessage),
  });
  return <HostedPaymentFrame ref={frameRef} src={paymentUrl} />;
}
