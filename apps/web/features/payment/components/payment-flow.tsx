'use client';

import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ArrowLeft } from 'lucide-react';
import { isAurusError } from '@storefront/contracts/payments';
import { PAYMENT_SUCCESS_OVERLAY_MS } from '@storefront/contracts/tracking-stages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { originOf } from '../aurus-frame';
import { placeOrder, resetOrder, startPayment } from '../payment.actions';
import { errorCode, paymentErrorView, type PaymentErrorView } from '../payment-errors';
import { useAurusFrame } from '../use-aurus-frame';
import { HostedPaymentFrame } from './hosted-payment-frame';
import { PaymentOverlay, type OverlayState } from './payment-overlay';

type Phase =
  | { name: 'starting' }
  | { name: 'ready'; paymentUrl: string }
  | { name: 'processing'; paymentUrl: string | null }
  | { name: 'approved' }
  | { name: 'failed'; view: PaymentErrorView; paymentUrl: string | null };

/** Retries of the same attempt (same token, same idempotency key) when the storefront server is unreachable. */
const PLACE_ATTEMPTS = 3;

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * The card payment: starts a payment (hosted frame), enables 'Place Order' once the frame says the card is
 * complete, asks the frame for a one-time token, places the order with it, shows 'Payment approved!' for 3 s
 * and goes on to the tracking page. Errors open the spec's dialogs; closing one restarts the payment, a fatal
 * one resets the order.
 */
export function PaymentFlow({ paymentOrigin, summary }: { paymentOrigin: string; summary: React.ReactNode }) {
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const [frameKey, setFrameKey] = useState(0);
  const [resetting, setResetting] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const completeForm = useRef<HTMLFormElement>(null);
  const attempt = useRef<{ token: string | null; key: string } | null>(null);
  const started = useRef(false);
  const { canPlaceOrder, requestToken, reset } = useAurusFrame(frameRef, paymentOrigin);

  const fail = useCallback((view: PaymentErrorView, paymentUrl: string | null = null) => {
    setPhase({ name: 'failed', view, paymentUrl });
  }, []);

  const place = useCallback(
    async (token: string | null, paymentUrl: string | null) => {
      setPhase({ name: 'processing', paymentUrl });
      if (!attempt.current || attempt.current.token !== token) {
        attempt.current = { token, key: crypto.randomUUID() };
      }
      const { key } = attempt.current;
      for (let i = 1; i <= PLACE_ATTEMPTS; i += 1) {
        try {
          const result = await placeOrder({ paymentToken: token, idempotencyKey: key });
          if (!result.ok) {
            fail(paymentErrorView(errorCode(result.code), result.error), paymentUrl);
            return;
          }
          setPhase({ name: 'approved' });
          return;
        } catch {
          if (i === PLACE_ATTEMPTS) {
            fail(paymentErrorView(500), paymentUrl);
            return;
          }
          await sleep(1000 * i);
        }
      }
    },
    [fail],
  );

  const start = useCallback(async () => {
    setPhase({ name: 'starting' });
    reset();
    attempt.current = null;
    try {
      const result = await startPayment();
      if (!result.ok) {
        fail(paymentErrorView(errorCode(result.code), result.error));
        return;
      }
      if (result.data.kind === 'nothing-due') {
        await place(null, null);
        return;
      }
      if (originOf(result.data.paymentUrl) !== paymentOrigin) {
        fail(paymentErrorView(9904, 'The payment form is not configured for this site'));
        return;
      }
      setFrameKey((k) => k + 1);
      setPhase({ name: 'ready', paymentUrl: result.data.paymentUrl });
    } catch {
      fail(paymentErrorView(500));
    }
  }, [fail, place, paymentOrigin, reset]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  useEffect(() => {
    // A page restored from the back-forward cache may show an order that is gone: let the server decide.
    function onPageShow(event: PageTransitionEvent) {
      if (event.persisted) window.location.reload();
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  useEffect(() => {
    if (phase.name !== 'approved') return;
    const timer = window.setTimeout(() => completeForm.current?.requestSubmit(), PAYMENT_SUCCESS_OVERLAY_MS);
    return () => window.clearTimeout(timer);
  }, [phase.name]);

  async function onPlaceOrder() {
    if (phase.name !== 'ready') return;
    const { paymentUrl } = phase;
    setPhase({ name: 'processing', paymentUrl });
    let answer;
    try {
      answer = await requestToken();
    } catch {
      fail(paymentErrorView(500), paymentUrl);
      return;
    }
    if (isAurusError(answer) || !answer.one_time_token) {
      fail(paymentErrorView(answer.response_code || null, answer.response_text), paymentUrl);
      return;
    }
    await place(answer.one_time_token, paymentUrl);
  }

  async function onDismissError() {
    if (phase.name !== 'failed') return;
    if (phase.view.fatal) {
      setResetting(true);
      await resetOrder();
      return;
    }
    await start();
  }

  const overlay: OverlayState | null =
    phase.name === 'starting'
      ? 'loading'
      : phase.name === 'processing'
        ? 'processing'
        : phase.name === 'approved'
          ? 'approved'
          : null;
  const paymentUrl =
    phase.name === 'ready' || phase.name === 'processing' || phase.name === 'failed'
      ? phase.paymentUrl
      : null;

  return (
    <>
      <div
        inert={overlay !== null}
        aria-busy={overlay !== null && overlay !== 'approved'}
        className="flex flex-col gap-6"
      >
        <div className="grid gap-6 md:grid-cols-[2fr_3fr]">
          {summary}
          <section aria-labelledby="pay-card-title" className="rounded-2xl bg-white p-5 shadow-sm">
            <h2 id="pay-card-title" className="mb-4 text-lg font-bold">
              Pay with Credit Card
            </h2>
            {paymentUrl ? (
              <HostedPaymentFrame key={frameKey} ref={frameRef} src={paymentUrl} />
            ) : (
              <div className="grid h-[590px] place-items-center rounded-xl border border-dashed border-gray-300 text-gray-700 md:h-[420px]">
                {phase.name === 'failed' ? 'The payment form is not available.' : 'Loading...'}
              </div>
            )}
            <Button
              block
              className="mt-4"
              disabled={phase.name !== 'ready' || !canPlaceOrder}
              onClick={() => void onPlaceOrder()}
            >
              Place Order
            </Button>
          </section>
        </div>
        <Link
          href="/checkout"
          className="inline-flex items-center gap-2 self-start font-semibold underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden className="size-4" />
          Back to Checkout
        </Link>
      </div>

      {overlay ? <PaymentOverlay state={overlay} /> : null}

      <form ref={completeForm} method="post" action="/payment/complete" hidden />

      <Dialog
        open={phase.name === 'failed'}
        onOpenChange={() => undefined}
        dismissible={false}
        title={phase.name === 'failed' ? phase.view.title : 'Payment failed'}
        description={
          phase.name === 'failed' ? (
            <>
              {phase.view.heading ? (
                <span className="block font-semibold text-gray-900">{phase.view.heading}</span>
              ) : null}
              <span className="block">{phase.view.message}</span>
            </>
          ) : null
        }
        actions={
          <Button
            variant={phase.name === 'failed' && phase.view.fatal ? 'danger' : 'primary'}
            loading={resetting}
            onClick={() => void onDismissError()}
          >
            {phase.name === 'failed' ? phase.view.action : 'Close'}
          </Button>
        }
      />
    </>
  );
}
