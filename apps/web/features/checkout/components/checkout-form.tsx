'use client';

import { CompleteOrderForm } from '@/features/payment/components/complete-order-form';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm, useWatch } from 'react-hook-form';
import type { OrderValidationError } from '@storefront/contracts/checkout';
import { normalisePhone, type ContactFormValues } from '@storefront/contracts/checkout-rules';
import { centsToDollars, dollarsToCents } from '@storefront/contracts/money';
import { totalsRows } from '@storefront/contracts/pricing';
import { NOTE_MAX, normaliseNotes } from '@storefront/contracts/text';
import { Button } from '@/components/ui/button';
import { startNavigationProgress } from '@/components/ui/navigation-progress';
import { Price } from '@/components/ui/price';
import { TotalsList } from '@/components/ui/totals-list';
import { useToast } from '@/components/ui/toast';
import { APP_ERROR } from '@storefront/contracts/errors';
import { solveInvisibleChallenge } from '@/lib/captcha/invisible-captcha';
import { clearPendingCardPayments, confirmOrder, payAtStore } from '../checkout.actions';
import type { PaymentChoice, PaymentStep } from '../payment-step';
import { PaymentMethodPicker } from './payment-method-picker';
import { PAYMENT_METHOD } from '@storefront/contracts/enum-values';
import { Dialog } from '@/components/ui/dialog';
import { tipCentsFor } from '../tip';
import { TextField } from '@/components/ui/text-field';
import { TipSelector, type TipChoice } from './tip-selector';
import { ValidationFailedDialog } from './validation-failed-dialog';
import { firstInvalidField } from '../first-invalid-field';
import { contactFormResolver } from '../contact-form-resolver';
import { SmsVerificationDialog } from './lazy-sms-verification-dialog';

/** The two name fields: the same field but for the name, label and autocomplete token. */
const NAME_FIELDS = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
] as const;

export interface CheckoutTotals {
  subtotal: number;
  discount: number;
  serviceCharge: number;
  salesTax: number;
  /** The order's tip (set by an earlier payment); the total includes it. */
  tip: number;
  total: number;
  /** Delivery orders: inside the service charge, shown on their own rows. */
  deliveryFee?: number;
  driverTip?: number;
}

function initialTipChoice(tipCents: number): TipChoice {
  return tipCents > 0 ? { kind: 'custom', value: (tipCents / 100).toFixed(2) } : { kind: 'none' };
}

/**
 * Contact information, notes, tip and 'Confirm Order'. The contact fields are checked as the contracts' schema
 * checks them (checkContactForm: the spec's messages, no zod in the browser); the server saves everything, runs
 * PreCheckout and continues to /payment.
 */
export function CheckoutForm({
  defaults,
  allowNotes,
  hideTipping,
  initialTipCents,
  totals,
  fulfilment,
  lines,
  discounts,
  paymentInfo,
  hideContact = false,
  orderId,
}: {
  defaults: { firstName: string; lastName: string; phone: string; email: string; notes: string };
  allowNotes: boolean;
  hideTipping: boolean;
  initialTipCents: number;
  totals: CheckoutTotals;
  fulfilment: React.ReactNode;
  lines: React.ReactNode;
  /** The Discounts section (composed by the page: the Coupon part), above the totals. */
  discounts?: React.ReactNode;
  /** The payment-method information section, after the notes (checkout spec section 2). */
  paymentInfo?: React.ReactNode;
  /** hideContactInformationSettings applies to this (table or curbside) order. */
  hideContact?: boolean;
  /** The order (the SMS verification's calls name it). */
  orderId: number;
}) {
  const toast = useToast();
  const router = useRouter();
  const [tip, setTip] = useState<TipChoice>(() => initialTipChoice(hideTipping ? 0 : initialTipCents));
  const [validationErrors, setValidationErrors] = useState<OrderValidationError[] | null>(null);
  const [pending, setPending] = useState(false);
  // On load the order's uncharged card payments go (checkout spec section 4): the payment page makes a new one.
  useEffect(() => {
    void clearPendingCardPayments().catch(() => undefined);
  }, []);
  const [pickerChoices, setPickerChoices] = useState<PaymentChoice[] | null>(null);
  const [paying, setPaying] = useState(false);
  const [pickerError, setPickerError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  /** The method waiting for SMS verification (step 5); null while the verification is closed. */
  const [verifyChoice, setVerifyChoice] = useState<PaymentChoice | null>(null);
  /** 1412/1416: the blocked screen was shown, and Confirm Order stays disabled. */
  const [verificationBlocked, setVerificationBlocked] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const completeForm = useRef<HTMLFormElement>(null);
  /** The pay-at-store attempt's Idempotency-Key: a retry after a lost answer places the order once. */
  const offlineKey = useRef<string | null>(null);
  // A second click or Enter while the first submission is checked or saved is ignored (one PreCheckout, one
  // trip to /payment); it stays set once the guest is on the way to payment.
  const inFlight = useRef(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    control,
    formState: { errors },
  } = useForm<ContactFormValues>({
    // The store may hide the contact section for this order: then only the notes are checked.
    resolver: contactFormResolver(!hideContact),
    mode: 'onTouched',
    defaultValues: defaults,
    // react-hook-form focuses the first field it registered, which is not the first on screen (Phone is
    // registered early for its formatter): focusInvalid below follows the page's reading order instead.
    shouldFocusError: false,
  });

  /** Focuses the first field in error in reading order, scrolled fully into view below the sticky header. */
  const focusInvalid = (names: readonly string[]) => {
    const field = form.current ? firstInvalidField(form.current, names) : null;
    if (!field) return;
    field.focus({ preventScroll: true });
    // 'nearest' keeps a field already in view still; the fields' scroll-margin (styles/globals.css) keeps the
    // field and its label clear of the header.
    field.scrollIntoView({ block: 'nearest' });
  };
  const notes = useWatch({ control, name: 'notes' }) ?? '';
  const subtotalCents = dollarsToCents(totals.subtotal);
  const tipCents = hideTipping ? 0 : (tipCentsFor(tip, subtotalCents) ?? 0);
  const total = centsToDollars(dollarsToCents(totals.total) - dollarsToCents(totals.tip) + tipCents);

  const onValid = async (values: ContactFormValues) => {
    setPending(true);
    try {
      const { notes: formNotes, ...contact } = values;
      const result = await confirmOrder({
        contact: hideContact ? null : contact,
        notes: allowNotes ? formNotes : null,
        tipCents,
      });
      if (result.ok) {
        await goToPayment(result.data);
        return;
      }
      if (result.validationErrors) setValidationErrors(result.validationErrors);
      else if (result.fieldErrors) {
        for (const [field, message] of Object.entries(result.fieldErrors)) {
          if (
            field === 'firstName' ||
            field === 'lastName' ||
            field === 'phone' ||
            field === 'email' ||
            field === 'notes'
          ) {
            setError(field, { message });
          }
        }
        focusInvalid(Object.keys(result.fieldErrors));
      } else toast('error', result.error);
      settle();
    } catch {
      toast('error', 'Something went wrong. Please try again.');
      settle();
    }
  };
  /** The submission is over without leaving the page: Confirm Order works again. */
  function settle() {
    setPending(false);
    inFlight.current = false;
  }
  /** The card payment page, the navigation progress shown while it loads. */
  function openPaymentPage() {
    startNavigationProgress();
    router.push('/payment');
  }
  /** Checkout submit step 4: the payment page, pay at the store, or the picker. */
  async function goToPayment(step: PaymentStep) {
    if (step.kind === 'payment') {
      openPaymentPage();
      return;
    }
    if (step.kind === 'picker') {
      setPickerError(null);
      setPickerChoices(step.choices);
    } else if (step.kind === 'verify') {
      setVerifyChoice(step.choice);
    } else {
      const failure = await placeAtStore();
      if (failure) setPayError(failure);
    }
    settle();
  }

  /** Pays at the store and goes on to tracking; answers the failure's message, or null once on the way. */
  async function placeAtStore(): Promise<string | null> {
    setPaying(true);
    offlineKey.current ??= crypto.randomUUID();
    const idempotencyKey = offlineKey.current;
    try {
      // Paying at the store answers the captcha a new card does, solved in the background (no widget to press).
      let result = await payAtStore({ idempotencyKey, recaptchaInput: await solveInvisibleChallenge() });
      // A challenge that expired while the guest read the picker (or could not be solved): one fresh try.
      if (!result.ok && Number(result.code) === APP_ERROR.RecaptchaFailure) {
        result = await payAtStore({ idempotencyKey, recaptchaInput: await solveInvisibleChallenge() });
      }
      if (result.ok) {
        startNavigationProgress();
        completeForm.current?.requestSubmit();
        return null;
      }
      // The API answered: a new try is a new attempt.
      offlineKey.current = null;
      setPaying(false);
      return result.error;
    } catch {
      setPaying(false);
      return 'Something went wrong. Please try again.';
    }
  }

  async function onChoosePayment(choice: PaymentChoice) {
    if (choice.requiresVerifiedIdentity) {
      setPickerChoices(null);
      setVerifyChoice(choice);
      return;
    }
    await payWith(choice);
  }

  /** Validated (step 5): the method the verification was for goes on. */
  async function onVerified() {
    const choice = verifyChoice;
    setVerifyChoice(null);
    if (!choice) return;
    if (choice.paymentMethod !== PAYMENT_METHOD.OfflineCredit) {
      openPaymentPage();
      return;
    }
    const failure = await placeAtStore();
    if (failure) setPayError(failure);
  }

  async function payWith(choice: PaymentChoice) {
    if (choice.paymentMethod !== PAYMENT_METHOD.OfflineCredit) {
      openPaymentPage();
      return;
    }
    setPickerError(await placeAtStore());
  }

  const onInvalid = (invalid: Partial<Record<keyof ContactFormValues, unknown>>) => {
    inFlight.current = false;
    focusInvalid(Object.keys(invalid));
  };

  const phoneField = register('phone');

  return (
    <>
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          if (inFlight.current) {
            e.preventDefault();
            return;
          }
          inFlight.current = true;
          void handleSubmit(onValid, onInvalid)(e);
        }}
        className="grid gap-6 md:grid-cols-[3fr_2fr]"
      >
        <div className="flex flex-col gap-6">
          {/* On a phone the summary comes after the form: the total the guest is about to pay shows first. */}
          <section
            aria-label="Order total"
            className="flex items-center justify-between gap-4 rounded-2xl bg-white px-5 py-3 shadow-sm md:hidden"
          >
            <p className="flex items-baseline gap-2">
              <span className="font-semibold">Total</span>
              <Price dollars={total} className="text-lg font-bold tabular-nums" />
            </p>
            <a
              href="#summary-title"
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-4"
            >
              View order
            </a>
          </section>
          {fulfilment}

          {hideContact ? null : (
            <section aria-labelledby="contact-title" className="rounded-2xl bg-white p-5 shadow-sm">
              <div className="mb-4 flex items-baseline justify-between gap-4">
                <h2 id="contact-title" className="text-lg font-bold">
                  Contact Information
                </h2>
                {/* The fields say they are required to assistive technology themselves (aria-required). */}
                <p aria-hidden className="text-sm text-gray-700">
                  <span className="text-red-700">*</span> Required
                </p>
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                {NAME_FIELDS.map(({ name, label, autoComplete }) => (
                  <TextField
                    key={name}
                    label={label}
                    className="field-required"
                    aria-required="true"
                    autoComplete={autoComplete}
                    maxLength={40}
                    error={errors[name]?.message}
                    {...register(name)}
                  />
                ))}
                <TextField
                  label="Phone Number"
                  className="field-required"
                  aria-required="true"
                  type="text"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  error={errors.phone?.message}
                  {...phoneField}
                  onChange={(e) => {
                    e.target.value = normalisePhone(e.target.value);
                    void phoneField.onChange(e);
                  }}
                />
                <TextField
                  label="Email"
                  className="field-required"
                  aria-required="true"
                  type="email"
                  autoComplete="email"
                  error={errors.email?.message}
                  {...register('email')}
                />
              </div>
            </section>
          )}

          {allowNotes ? (
            <section aria-labelledby="notes-title" className="rounded-2xl bg-white p-5 shadow-sm">
              <h2 id="notes-title" className="mb-1 text-lg font-bold">
                Notes
              </h2>
              <label htmlFor="checkout-notes" className="mb-2 block text-sm text-gray-700">
                Special instructions for the store (optional)
              </label>
              <textarea
                id="checkout-notes"
                rows={2}
                maxLength={NOTE_MAX}
                aria-describedby="checkout-notes-count"
                className="w-full rounded-lg border border-gray-400 bg-white px-3 py-2"
                {...register('notes', {
                  onChange: (e: React.ChangeEvent<HTMLTextAreaElement>) => {
                    const clean = normaliseNotes(e.target.value).slice(0, NOTE_MAX);
                    if (clean !== e.target.value) setValue('notes', clean);
                  },
                })}
              />
              <p id="checkout-notes-count" className="text-right text-xs text-gray-700">
                {notes.length}/{NOTE_MAX}
              </p>
            </section>
          ) : null}
          {paymentInfo}
        </div>

        <section
          aria-labelledby="summary-title"
          className="flex flex-col gap-4 self-start rounded-2xl bg-white p-5 shadow-sm"
        >
          <h2 id="summary-title" className="text-lg font-bold">
            Order Summary
          </h2>
          {lines}
          {discounts}
          {hideTipping ? null : <TipSelector choice={tip} onChange={setTip} subtotalCents={subtotalCents} />}
          <TotalsList {...totalsRows({ ...totals, tip: centsToDollars(tipCents), total })} />
          <Button type="submit" block loading={pending} disabled={verificationBlocked}>
            Confirm Order
          </Button>
        </section>

        <ValidationFailedDialog errors={validationErrors} onClose={() => setValidationErrors(null)} />
        <PaymentMethodPicker
          choices={pickerChoices}
          busy={paying}
          error={pickerError}
          onChoose={(choice) => void onChoosePayment(choice)}
          onCancel={() => setPickerChoices(null)}
        />
        {verifyChoice ? (
          <SmsVerificationDialog
            open
            orderId={orderId}
            phone={getValues('phone')}
            onValidated={() => void onVerified()}
            onBlocked={() => setVerificationBlocked(true)}
            onClose={() => setVerifyChoice(null)}
          />
        ) : null}
        <Dialog
          open={payError !== null}
          onOpenChange={(open) => (open ? undefined : setPayError(null))}
          title="Payment failed"
          description={payError}
          actions={<Button onClick={() => setPayError(null)}>Close</Button>}
        />
      </form>
      {/* Placed: /payment/complete forgets the order and sends the guest to its tracking page. */}
      <CompleteOrderForm ref={completeForm} />
    </>
  );
}
