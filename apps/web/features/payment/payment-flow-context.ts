'use client';

import { createContext, useContext } from 'react';
import type { BillingAddress, Payment, PaymentMethodInfo } from '@storefront/contracts/payments';
import type { SavedPayment } from '@storefront/contracts/saved-payments';

/** What the guest pays the rest of the order with (gift cards are applied on top, in the Discounts section). */
export type PaymentInstrument =
  | { kind: 'new-card' }
  | { kind: 'saved-card'; savedPaymentId: number }
  /** The wallet takes over: the flow deletes the pending card payment and hides the card frame. */
  | { kind: 'wallet' };

/** The challenge the API asked for before a new card's payment (9902), and the last answer's failure. */
export interface PaymentChallenge {
  /** The API's words ('Please complete the following challenge'). */
  prompt: string;
  /** 'Challenge expired' or 'Challenge error' after a refused answer, else null. */
  error: string | null;
  /** Changes when the widget must offer a fresh challenge. */
  resetKey: number;
}

/** The pending card payment the page shows (its hosted frame), when there is one. */
export interface PendingCardPayment {
  paymentId: number;
  paymentUrl: string | null;
  alternatePaymentUrl: string | null;
}

/**
 * The payment page's flow engine as the instruments see it (gift card, saved cards, billing address, wallet,
 * Express frame). Read it with `usePaymentFlow()` inside the payment page.
 */
export interface PaymentFlowApi {
  orderId: number;
  /** The processor's origin of the hosted frames and the wallet sheet (the only origin whose messages count). */
  paymentOrigin: string;
  /** The store's methods (GET payment-methods). */
  methods: readonly PaymentMethodInfo[];
  /** The store's credit-card method (its processor: AURUS_HOSTED or EXPRESS), or null. */
  cardMethod: PaymentMethodInfo | null;
  /** Whether a signed-in customer may use saved cards here (signed in + the 'enable saved payments' flag). */
  savedPaymentsEnabled: boolean;
  /** The customer's saved cards for the store's processor (the first is preselected at load). */
  savedCards: readonly SavedPayment[];
  /** The new card's billing address as last set (null until given). */
  billingAddress: BillingAddress | null;
  /** The gift-card payments on the order (split tender), as last read. */
  giftCards: readonly Payment[];
  /** What the card or wallet must still pay, tip included, in cents (after gift cards); null while loading. */
  dueCents: number | null;
  /** The guest's tip in cents (part of dueCents). */
  tipCents: number;
  instrument: PaymentInstrument;
  pendingPayment: PendingCardPayment | null;
  /** True while the page starts a payment, places the order or shows an overlay: instruments stay still. */
  busy: boolean;
  /**
   * Switches instrument: a saved card or the wallet deletes the pending new-card payment; 'new-card' creates it
   * again (with the billing address last given). A saved card's payment is created with its savedPaymentId.
   */
  selectInstrument(next: PaymentInstrument): Promise<void>;
  /**
   * The new card's billing address (AVS): set on the pending payment (PATCH, the frame stays) or kept for the
   * payment about to be created. The API's field messages come back in fieldErrors (address1, city, ...).
   */
  setBillingAddress(
    address: BillingAddress | null,
  ): Promise<{ ok: true } | { ok: false; error: string; fieldErrors?: Record<string, string> }>;
  /** 'Save this card' for a new card: the close request carries paymentIdToSave. */
  setSaveCard(save: boolean): void;
  /**
   * Re-reads the order after a gift card was applied, updated or removed: the due amount changes, the card
   * payment is recreated for it, and a due of 0 places the order at once.
   */
  refresh(): Promise<void>;
  /**
   * Places the order (close request with the page's Idempotency-Key per attempt, the SMS choice and
   * paymentIdToSave); shows 'Processing Payment', then success or the spec's error dialog. Use it for the
   * Express frame's Complete and the wallet's one-time token.
   */
  place(input: { paymentToken: string | null }, options?: { source?: 'card' | 'wallet' }): Promise<void>;
  /** The challenge to show before the card frame, or null. */
  challenge: PaymentChallenge | null;
  /** The solved challenge's payload (null when it expired or was reset): a payload starts the card payment. */
  answerChallenge(payload: string | null): void;
  /** Opens the spec's error dialog for a code (section 8) with the server's message. */
  fail(code: number | string | null, message?: string | null): void;
}

export const PaymentFlowContext = createContext<PaymentFlowApi | null>(null);

/** The payment flow of the page around the caller; throws outside the payment page (a wiring mistake). */
export function usePaymentFlow(): PaymentFlowApi {
  const api = useContext(PaymentFlowContext);
  if (!api) throw new Error('usePaymentFlow must be used inside the payment page');
  return api;
}
