'use client';

import { CompleteOrderForm } from './complete-order-form';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { PAYMENT_METHOD } from '@storefront/contracts/enum-values';
import type { OrderRewards } from '@storefront/contracts/loyalty';
import { centsToDollars } from '@storefront/contracts/money';
import type { BillingAddress, Payment, PaymentMethodInfo } from '@storefront/contracts/payments';
import {
  isAurusError,
  isBillingAddressComplete,
  isSavedAddressValidFor,
  WALLET_MESSAGES,
} from '@storefront/contracts/payment-rules';
import type { SavedPayment } from '@storefront/contracts/saved-payments';
import { APP_ERROR } from '@storefront/contracts/errors';
import { PAYMENT_SUCCESS_OVERLAY_MS } from '@storefront/contracts/tracking-stages';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Price } from '@/components/ui/price';
import { reloadPage, replacePage } from '@/lib/hard-navigation';
import { originOf } from '../aurus-frame';
import { createPayment } from '../create-payment';
import {
  isCurrentOrder,
  placeOrder,
  readPaymentState,
  resetOrder,
  setPaymentBillingAddress,
  startPayment,
  type StartedPayment,
} from '../payment.actions';
import { errorCode, paymentErrorView, type PaymentErrorView } from '../payment-errors';
import {
  PaymentFlowContext,
  type PaymentChallenge,
  type PaymentFlowApi,
  type PaymentInstrument,
  type PendingCardPayment,
} from '../payment-flow-context';
import { solveInvisibleChallenge } from '@/lib/captcha/invisible-captcha';
import { useAurusFrame } from '../use-aurus-frame';
import { CardBrandLogos } from './card-brand-logos';
import { HostedPaymentFrame } from './hosted-payment-frame';
import { PaymentOverlay, type OverlayState } from './payment-overlay';
import {
  BillingAddressSlot,
  ExpressFrameSlot,
  GiftCardSlot,
  RewardsSlot,
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
  /** The API asked for a captcha before the new card's payment (9902). */
  | { name: 'challenge'; challenge: PaymentChallenge }
  | { name: 'failed'; view: PaymentErrorView; restart: boolean };

/** The challenge texts (spec section 8). */
const CHALLENGE_EXPIRED = 'Challenge expired';
const CHALLENGE_ERROR = 'Challenge error';

/** Retries of the same attempt (same token, same idempotency key) when the storefront server is unreachable. */
const PLACE_ATTEMPTS = 3;

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export interface PaymentFlowProps {
  orderId: number;
  /** The store page: where a page restored from the back-forward cache without its order goes. */
  storeHref: string;
  paymentOrigin: string;
  methods: readonly PaymentMethodInfo[];
  savedPaymentsEnabled: boolean;
  /** The customer's saved cards for the store's processor: the first is preselected. */
  savedCards: readonly SavedPayment[];
  /** The challenge widget (composed by the page; it answers through usePaymentFlow().answerChallenge). */
  captcha?: ReactNode;
  /** 'Payment approved!' shows for 3 s only with the new order tracking flag; otherwise the guest goes straight on. */
  newOrderTracking: boolean;
  /** The order summary column (server-rendered): Order Total, My Order, pickup option. */
  summary: ReactNode;
  /** The SMS alert toggle's first state (the order already asks for SMS). */
  smsDefault: boolean;
  /**
   * The Discounts section's Rewards part, when the store's brand has a loyalty program: the member's rewards, or
   * null for a guest (prompted to log in, with `login`). Absent: no Rewards part.
   */
  rewards?: { member: OrderRewards | null; login?: ReactNode } | null;
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
  const { paymentOrigin, methods, newOrderTracking, orderId, storeHref } = props;
  const router = useRouter();
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const [pending, setPending] = useState<PendingCardPayment | null>(null);
  // The pending payment as last rendered, for callbacks that must not re-create on every change.
  const pendingRef = useRef(pending);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const [dueCents, setDueCents] = useState<number | null>(null);
  const [tipCents, setTipCents] = useState(0);
  const firstInstrument: PaymentInstrument = props.savedCards[0]
    ? { kind: 'saved-card', savedPaymentId: props.savedCards[0].id }
    : { kind: 'new-card' };
  const [instrument, setInstrument] = useState<PaymentInstrument>(firstInstrument);
  const [address, setAddress] = useState<BillingAddress | null>(null);
  const [giftCards, setGiftCards] = useState<readonly Payment[]>([]);
  const [frameKey, setFrameKey] = useState(0);
  const [resetting, setResetting] = useState(false);
  const [smsAlerts, setSmsAlerts] = useState(props.smsDefault);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const completeForm = useRef<HTMLFormElement>(null);
  const attempt = useRef<{ token: string | null; key: string } | null>(null);
  const billingAddress = useRef<BillingAddress | null>(null);
  const saveCard = useRef(false);
  const instrumentRef = useRef<PaymentInstrument>(firstInstrument);
  /** Once a challenge was answered, a non-fatal error sends the guest back to checkout (spec section 2). */
  const challenged = useRef(false);
  const challengeResets = useRef(0);
  /** The card (new or saved) the guest had before the wallet: a failed wallet payment returns to it. */
  const lastCardInstrument = useRef<PaymentInstrument>(firstInstrument);
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
    async ({ paymentToken }: { paymentToken: string | null }, options?: { source?: 'card' | 'wallet' }) => {
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
            const code = errorCode(result.code);
            if (options?.source === 'wallet' && code === APP_ERROR.TransactionNotAuthorized) {
              fail({
                ...paymentErrorView(code),
                heading: WALLET_MESSAGES.notAuthorized,
                message: WALLET_MESSAGES.notAuthorizedHint,
              });
              return;
            }
            fail(paymentErrorView(code, result.error));
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
    async (next: PaymentInstrument = instrumentRef.current, recaptchaInput: string | null = null) => {
      setPhase({ name: 'starting' });
      reset();
      attempt.current = null;
      instrumentRef.current = next;
      if (next.kind !== 'wallet') lastCardInstrument.current = next;
      setInstrument(next);
      // A new card's payment carries the invisible check's answer; the visible challenge is the fallback.
      const answered = recaptchaInput !== null;
      const captchaInput =
        recaptchaInput ?? (next.kind === 'new-card' ? await solveInvisibleChallenge() : null);
      let result: Awaited<ReturnType<typeof startPayment>>;
      let created: Awaited<ReturnType<typeof createPayment>> | null = null;
      try {
        result = await startPayment({
          instrument: next.kind,
          savedPaymentId: next.kind === 'saved-card' ? next.savedPaymentId : null,
          billingAddress: next.kind === 'new-card' ? billingAddress.current : null,
          recaptchaInput: captchaInput,
        });
        // The card's payment is created by the page through the same-origin /api/payments (spec section 7).
        if (result.ok && result.data.kind === 'create') {
          created = await createPayment(result.data.orderId, result.data.body);
        }
      } catch {
        setPending(null);
        fail(paymentErrorView(500));
        return;
      }
      const refused = !result.ok ? result : created && !created.ok ? created : null;
      if (refused) {
        setPending(null);
        if (errorCode(refused.code) === APP_ERROR.RecaptchaFailure) {
          // The captcha comes first (spec: 'a challenge is shown first'); a refused answer says why.
          const error = !answered
            ? null
            : refused.key === 'ChallengeExpired'
              ? CHALLENGE_EXPIRED
              : CHALLENGE_ERROR;
          // A refused answer asks the widget for a fresh challenge (a payload passes once).
          if (answered) challengeResets.current += 1;
          setPhase({
            name: 'challenge',
            challenge: { prompt: refused.error, error, resetKey: challengeResets.current },
          });
          return;
        }
        fail(paymentErrorView(errorCode(refused.code), refused.error));
        return;
      }
      if (!result.ok) return;
      const started: StartedPayment = result.data;
      setTipCents(started.tipCents);
      setGiftCards(started.giftCards);
      if (started.kind === 'nothing-due') {
        setPending(null);
        setDueCents(0);
        await place({ paymentToken: null });
        return;
      }
      setDueCents(started.dueCents);
      const payment = created?.ok ? created.data : null;
      if (!payment || next.kind !== 'new-card') {
        // The wallet (no payment yet) or a saved card: no frame, 'Place Order' places with it.
        setPending(payment ? { paymentId: payment.id, paymentUrl: null, alternatePaymentUrl: null } : null);
        setPhase({ name: 'ready' });
        return;
      }
      if (!payment.paymentUrl) {
        setPending(null);
        fail(paymentErrorView(9904, 'The payment form is not available'));
        return;
      }
      if (originOf(payment.paymentUrl) !== paymentOrigin) {
        setPending(null);
        fail(paymentErrorView(9904, 'The payment form is not configured for this site'));
        return;
      }
      setFrameKey((k) => k + 1);
      setPending({
        paymentId: payment.id,
        paymentUrl: payment.paymentUrl,
        alternatePaymentUrl: payment.alternatePaymentUrl,
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
    // guest goes to the store page then (spec section 2); otherwise the page reloads for a fresh payment.
    function onPageShow(event: PageTransitionEvent) {
      if (!event.persisted) return;
      void isCurrentOrder(orderId).then(
        (current) => (current ? reloadPage() : replacePage(storeHref)),
        () => reloadPage(),
      );
    }
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [orderId, storeHref]);

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
    // A failed wallet payment hands back to the card the guest had (a new frame, or the saved card).
    if (instrument.kind === 'wallet') {
      await start(lastCardInstrument.current);
      return;
    }
    // A declined card keeps its frame: the guest corrects the card and tries again with a new token. The
    // Express frame has completed (its form stays locked, and a frame places once): a new one replaces it.
    const expressFrameDone = isExpress && instrument.kind === 'new-card';
    if (!phase.restart && !expressFrameDone && (pending || instrument.kind !== 'new-card')) {
      setPhase({ name: 'ready' });
      return;
    }
    if (challenged.current) {
      router.push('/checkout');
      return;
    }
    await start();
  }

  const refresh = useCallback(async () => {
    let state: Awaited<ReturnType<typeof readPaymentState>>;
    try {
      state = await readPaymentState();
    } catch {
      fail(paymentErrorView(500));
      return;
    }
    if (!state.ok) {
      fail(paymentErrorView(errorCode(state.code), state.error));
      return;
    }
    setDueCents(state.data.dueCents);
    setTipCents(state.data.tipCents);
    setGiftCards(state.data.giftCards);
    if (state.data.dueCents === 0) {
      setPending(null);
      await place({ paymentToken: null });
      return;
    }
    // The API re-amounts the pending card payment itself; only a payment it removed is created again.
    if (state.data.pendingPaymentId === null && instrumentRef.current.kind !== 'wallet') {
      await start();
      return;
    }
    // The card page shows the amount it charges: once re-amounted it is loaded again with the new one, so the
    // frame, Place Order and the tenders listed all say the same amount (issue 37).
    const { pendingPaymentId, pendingPaymentUrl, pendingAlternatePaymentUrl } = state.data;
    const current = pendingRef.current;
    if (
      pendingPaymentUrl !== null &&
      current?.paymentId === pendingPaymentId &&
      current.paymentUrl !== null &&
      current.paymentUrl !== pendingPaymentUrl
    ) {
      reset();
      setFrameKey((k) => k + 1);
      setPending({
        paymentId: current.paymentId,
        paymentUrl: pendingPaymentUrl,
        alternatePaymentUrl: pendingAlternatePaymentUrl,
      });
    }
  }, [fail, place, reset, start]);

  const level = cardMethod?.avsCoverageLevel ?? 'None';
  const chosenCard =
    instrument.kind === 'saved-card'
      ? props.savedCards.find((c) => c.id === instrument.savedPaymentId)
      : null;
  const addressReady =
    instrument.kind === 'saved-card'
      ? chosenCard !== null && chosenCard !== undefined && isSavedAddressValidFor(chosenCard, level)
      : instrument.kind === 'wallet' || level === 'None' || isBillingAddressComplete(address, level);

  const busy = phase.name !== 'ready' && phase.name !== 'failed';
  const api: PaymentFlowApi = {
    orderId: props.orderId,
    paymentOrigin,
    methods,
    cardMethod,
    savedPaymentsEnabled: props.savedPaymentsEnabled,
    savedCards: props.savedCards,
    billingAddress: address,
    giftCards,
    dueCents,
    tipCents,
    instrument,
    pendingPayment: pending,
    busy,
    selectInstrument: (next) => start(next),
    setBillingAddress: async (next) => {
      billingAddress.current = next;
      setAddress(next);
      if (!next || !pending || instrumentRef.current.kind !== 'new-card') return { ok: true };
      try {
        const result = await setPaymentBillingAddress({ paymentId: pending.paymentId, billingAddress: next });
        return result.ok
          ? { ok: true }
          : {
              ok: false,
              error: result.error,
              ...(result.fieldErrors ? { fieldErrors: result.fieldErrors } : {}),
            };
      } catch {
        return { ok: false, error: 'Please try again.' };
      }
    },
    setSaveCard: (save) => {
      saveCard.current = save;
    },
    refresh,
    place,
    challenge: phase.name === 'challenge' ? phase.challenge : null,
    answerChallenge: (payload) => {
      if (!payload) return;
      challenged.current = true;
      void start(instrumentRef.current, payload);
    },
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
    addressReady &&
    (instrument.kind === 'saved-card' || (instrument.kind === 'new-card' && canPlaceOrder));
  const showPlaceOrder = instrument.kind !== 'wallet' && !(isExpress && instrument.kind === 'new-card');
  const frameUrl = pending?.paymentUrl ?? null;

  return (
    <PaymentFlowContext.Provider value={api}>
      <div inert={overlay !== null} aria-busy={overlay !== null && overlay !== 'approved'}>
        <div className="grid gap-6 pb-24 md:grid-cols-[2fr_3fr] md:pb-0">
          <div className="flex flex-col gap-6 self-start">
            {props.summary}
            {offersGiftCards || props.rewards ? (
              <section
                aria-labelledby="discounts-title"
                className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm"
              >
                <h2 id="discounts-title" className="text-lg font-bold">
                  Discounts
                </h2>
                {props.rewards ? (
                  <RewardsSlot rewards={props.rewards.member} login={props.rewards.login} />
                ) : null}
                {offersGiftCards ? <GiftCardSlot /> : null}
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
            {phase.name === 'challenge' ? (
              <div className="flex min-h-40 flex-col gap-3 rounded-xl border border-gray-200 p-4">
                <p className="font-semibold text-gray-900">{phase.challenge.prompt}</p>
                {props.captcha}
                {phase.challenge.error ? (
                  <p role="alert" className="text-sm font-semibold text-red-700">
                    {phase.challenge.error}
                  </p>
                ) : null}
              </div>
            ) : instrument.kind === 'new-card' ? (
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
      </div>

      {overlay ? <PaymentOverlay state={overlay} /> : null}

      <CompleteOrderForm ref={completeForm} />

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
