'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, Lock } from 'lucide-react';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { centsToDollars } from '@storefront/contracts/money';
import { isAurusError, type BillingAddress, type PaymentMethodInfo } from '@storefront/contracts/payments';
import { PAYMENT_SUCCESS_OVERLAY_MS } from '@storefront/contracts/tracking-stages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Price } from '@/components/ui/price';
import { originOf } from '../aurus-frame';
import { placeOrder, resetOrder, startPayment, type StartedPayment } from '../payment.actions';
import { errorCode, paymentErrorView, type PaymentErrorView } from '../payment-errors';
import {
  PaymentFlowContext,
  type PaymentFlowApi,
  type PaymentInstrument,
  type PendingCardPayment,
} from '../payment-flow-context';
import { useAurusFrame } from '../use-aurus-frame';
import { CardBrandLogos } from './card-brand-logos';
import { HostedPaymentFrame } from './hosted-payment-frame';
import { PaymentOverlay, type OverlayState } from './payment-overlay';
import {
  BillingAddressSlot,
  ExpressFrameSlot,
  GiftCardSlot,
  SaveCardSlot,
  SavedCardsSlot,
  WalletSlot,
} from './payment-slots';
import { SmsAlertToggle } from './sms-alert-toggle';

type Phase =
  | { name: 'starting' }
  | { name: 'ready' }
  | { name: 'processing' }
  | { name: 'approved' }
  | { name: 'failed'; view: PaymentErrorView; restart: boolean };

/** Retries of the same attempt (same token, same idempotency key) when the storefront server is unreachable. */
const PLACE_ATTEMPTS = 3;

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface PaymentFlowProps {
  orderId: number;
  paymentOrigin: string;
  methods: readonly PaymentMethodInfo[];
  savedPaymentsEnabled: boolean;
  /** 'Payment approved!' shows for 3 s only with the new order tracking flag; otherwise the guest goes straight on. */
  newOrderTracking: boolean;
  /** The order summary column (server-rendered): Order Total, My Order, pickup option. */
  summary: ReactNode;
  /** The SMS alert toggle's first state (the order already asks for SMS). */
  smsDefault: boolean;
}

/**
 * The payment page's flow engine: starts the payment for what is due (hosted frame for a new card, a saved
 * card, the wallet, or nothing when gift cards cover it all), places the order with the page's
 * Idempotency-Key per attempt, shows 'Payment approved!' for 3 s when new order tracking is on and goes on to
 * the tracking page. Errors open the spec's dialogs: a blocking code (500, 9901, 9904, 10029, 21045) keeps
 * 'Place Order' disabled and closing restarts the payment; a declined card keeps the frame and the guest's
 * entries; a fatal code resets the order. The instruments read all this through PaymentFlowContext.
 */
export function PaymentFlow(props: PaymentFlowProps) {
  const { paymentOrigin, methods, newOrderTracking } = props;
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const [pending, setPending] = useState<PendingCardPayment | null>(null);
  const [dueCents, setDueCents] = useState<number | null>(null);
  const [tipCents, setTipCents] = useState(0);
  const [instrument, setInstrument] = useState<PaymentInstrument>({ kind: 'new-card' });
  const [frameKey, setFrameKey] = useState(0);
  const [resetting, setResetting] = useState(false);
  const [smsAlerts, setSmsAlerts] = useState(props.smsDefault);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const completeForm = useRef<HTMLFormElement>(null);
  const attempt = useRef<{ token: string | null; key: string } | null>(null);
  const billingAddress = useRef<BillingAddress | null>(null);
  const saveCard = useRef(false);
  const instrumentRef = useRef<PaymentInstrument>(instrument);
  const started = useRef(false);
  const { canPlaceOrder, requestToken, reset } = useAurusFrame(frameRef, paymentOrigin);

  const cardMethod = useMemo(
    () => methods.find((m) => m.paymentMethod === PAYMENT_METHOD.CreditCard) ?? null,
    [methods],
  );
  const isExpress = cardMethod?.paymentProcessorCode === 'EXPRESS';
  const offersGiftCards = methods.some((m) => m.paymentMethod === PAYMENT_METHOD.GiftCard);
  const offersWallet = methods.some((m) => m.paymentMethod === PAYMENT_METHOD.VirtualWallet);

  const fail = useCallback((view: PaymentErrorView) => {
    // A blocking code, or a failure with no usable frame, is dismissed by a fresh start.
    setPhase({ name: 'failed', view, restart: view.blocking });
  }, []);

  const place = useCallback(
    async ({ paymentToken }: { paymentToken: string | null }) => {
      setPhase({ name: 'processing' });
      if (!attempt.current || attempt.current.token !== paymentToken) {
        attempt.current = { token: paymentToken, key: crypto.randomUUID() };
      }
      const { key } = attempt.current;
      const paymentIdToSave =
        saveCard.current && instrumentRef.current.kind === 'new-card' ? (pending?.paymentId ?? null) : null;
      for (let i = 1; i <= PLACE_ATTEMPTS; i += 1) {
        try {
          const result = await placeOrder({ paymentToken, idempotencyKey: key, paymentIdToSave, smsAlerts });
          if (!result.ok) {
            // The API answered: this attempt is over, and trying again is a new attempt with a new key.
            attempt.current = null;
            fail(paymentErrorView(errorCode(result.code), result.error));
            return;
          }
          if (newOrderTracking) setPhase({ name: 'approved' });
          else completeForm.current?.requestSubmit();
          return;
        } catch {
          if (i === PLACE_ATTEMPTS) {
            fail(paymentErrorView(500));
            return;
          }
          await sleep(1000 * i);
        }
      }
    },
    [fail, newOrderTracking, pending, smsAlerts],
  );

  const start = useCallback(
    async (next: PaymentInstrument = instrumentRef.current) => {
      setPhase({ name: 'starting' });
      reset();
      attempt.current = null;
      instrumentRef.current = next;
      setInstrument(next);
      let result: Awaited<ReturnType<typeof startPayment>>;
      try {
        result = await startPayment({
          instrument: next.kind,
          savedPaymentId: next.kind === 'saved-card' ? next.savedPaymentId : null,
          billingAddress: next.kind === 'new-card' ? billingAddress.current : null,
        });
      } catch {
        setPending(null);
        fail(paymentErrorView(500));
        return;
      }
      if (!result.ok) {
        setPending(null);
        fail(paymentErrorView(errorCode(result.code), result.error));
        return;
      }
      const started: StartedPayment = result.data;
      setTipCents(started.tipCents);
      if (started.kind === 'nothing-due') {
        setPending(null);
        setDueCents(0);
        await place({ paymentToken: null });
        return;
      }
      setDueCents(started.dueCents);
      if (started.kind === 'no-frame') {
        setPending(
          started.paymentId === null
            ? null
            : { paymentId: started.paymentId, paymentUrl: null, alternatePaymentUrl: null },
        );
        setPhase({ name: 'ready' });
        return;
      }
      if (originOf(started.paymentUrl) !== paymentOrigin) {
        setPending(null);
        fail(paymentErrorView(9904, 'The payment form is not configured for this site'));
        return;
      }
      setFrameKey((k) => k + 1);
      setPending({
        paymentId: started.paymentId,
        paymentUrl: started.paymentUrl,
        alternatePaymentUrl: started.alternatePaymentUrl,
      });
      setPhase({ name: 'ready' });
    },
    [fail, place, paymentOrigin, reset],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void start();
  }, [start]);

  useEffect(() => {
    // A page restored from the back-forward cache may show an order that is gone (placed or reset): the
    // server sends the guest to the store page then, so reload rather than show a stale frame.
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
    if (instrument.kind !== 'new-card') {
      await place({ paymentToken: null });
      return;
    }
    setPhase({ name: 'processing' });
    let answer;
    try {
      answer = await requestToken();
    } catch {
      fail(paymentErrorView(500));
      return;
    }
    if (isAurusError(answer) || !answer.one_time_token) {
      fail(paymentErrorView(answer.response_code || null, answer.response_text));
      return;
    }
    await place({ paymentToken: answer.one_time_token });
  }

  async function onDismissError() {
    if (phase.name !== 'failed') return;
    if (phase.view.fatal) {
      setResetting(true);
      await resetOrder();
      return;
    }
    // A declined card keeps its frame: the guest corrects the card and tries again with a new token.
    if (!phase.restart && (pending || instrument.kind !== 'new-card')) {
      setPhase({ name: 'ready' });
      return;
    }
    await start();
  }

  const busy = phase.name !== 'ready' && phase.name !== 'failed';
  const api: PaymentFlowApi = {
    orderId: props.orderId,
    paymentOrigin,
    methods,
    cardMethod,
    savedPaymentsEnabled: props.savedPaymentsEnabled,
    dueCents,
    tipCents,
    instrument,
    pendingPayment: pending,
    busy,
    selectInstrument: (next) => start(next),
    setBillingAddress: async (address) => {
      billingAddress.current = address;
      if (instrumentRef.current.kind === 'new-card') await start({ kind: 'new-card' });
    },
    setSaveCard: (save) => {
      saveCard.current = save;
    },
    refresh: () => start(),
    place,
    fail: (code, message) => fail(paymentErrorView(errorCode(code), message)),
  };

  const overlay: OverlayState | null =
    phase.name === 'starting'
      ? 'loading'
      : phase.name === 'processing'
        ? 'processing'
        : phase.name === 'approved'
          ? 'approved'
          : null;
  const blocked = phase.name === 'failed' && phase.view.blocking;
  const canPlace =
    phase.name === 'ready' &&
    !blocked &&
    (instrument.kind === 'saved-card' || (instrument.kind === 'new-card' && canPlaceOrder));
  const showPlaceOrder = instrument.kind !== 'wallet' && !(isExpress && instrument.kind === 'new-card');
  const frameUrl = pending?.paymentUrl ?? null;

  return (
    <PaymentFlowContext.Provider value={api}>
      <div inert={overlay !== null} aria-busy={overlay !== null && overlay !== 'approved'}>
        <div className="grid gap-6 pb-24 md:grid-cols-[2fr_3fr] md:pb-0">
          <div className="flex flex-col gap-6 self-start">
            {props.summary}
            {offersGiftCards ? (
              <section aria-labelledby="discounts-title" className="rounded-2xl bg-white p-5 shadow-sm">
                <h2 id="discounts-title" className="mb-3 text-lg font-bold">
                  Discounts
                </h2>
                <GiftCardSlot />
              </section>
            ) : null}
          </div>
          <section
            aria-labelledby="pay-card-title"
            className="order-first self-start rounded-2xl bg-white p-4 shadow-sm md:order-none md:p-5"
          >
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h2 id="pay-card-title" className="text-lg font-bold">
                Pay with Credit Card
              </h2>
              <CardBrandLogos />
            </div>
            <p className="mb-3 flex items-center gap-2 text-sm text-gray-700">
              <Lock aria-hidden className="size-4 text-green-700" />
              Secure payment: your card details go straight to the payment processor.
            </p>
            {offersWallet ? <WalletSlot /> : null}
            {props.savedPaymentsEnabled ? <SavedCardsSlot /> : null}
            {instrument.kind === 'new-card' ? (
              frameUrl && isExpress ? (
                <ExpressFrameSlot paymentUrl={frameUrl} />
              ) : frameUrl ? (
                <HostedPaymentFrame key={frameKey} ref={frameRef} src={frameUrl} />
              ) : (
                <div className="grid h-[590px] place-items-center rounded-xl border border-dashed border-gray-300 text-gray-700 md:h-[420px]">
                  {phase.name === 'failed' ? 'The payment form is not available.' : 'Loading...'}
                </div>
              )
            ) : null}
            <BillingAddressSlot />
            {instrument.kind === 'new-card' ? <SaveCardSlot /> : null}
            <SmsAlertToggle checked={smsAlerts} onChange={setSmsAlerts} />
            {showPlaceOrder ? (
              <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white p-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] md:static md:mt-4 md:border-0 md:p-0 md:shadow-none">
                <Button block disabled={!canPlace} onClick={() => void onPlaceOrder()}>
                  Place Order
                  {dueCents !== null ? (
                    <>
                      {' '}
                      <span aria-hidden>·</span> <Price dollars={centsToDollars(dueCents)} />
                    </>
                  ) : null}
                </Button>
              </div>
            ) : null}
          </section>
        </div>
        <Link
          href="/checkout"
          className="mt-6 inline-flex items-center gap-2 self-start font-semibold underline-offset-4 hover:underline"
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
              {phase.view.reason ? <span className="block">{phase.view.reason}</span> : null}
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
    </PaymentFlowContext.Provider>
  );
}
