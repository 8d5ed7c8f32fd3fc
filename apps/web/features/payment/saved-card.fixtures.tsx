/** Test fixtures for the payment instruments' component tests: a fake payment flow and its provider. */
import { vi } from 'vitest';
import type { BillingAddress, PaymentMethodInfo } from '@storefront/contracts/payments';
import { PaymentFlowContext, type PaymentFlowApi, type PaymentInstrument } from './payment-flow-context';

export const TEST_PAYMENT_ORIGIN = 'http://pay.test';

export const CARD_METHOD: PaymentMethodInfo = {
  id: 5,
  paymentMethod: 5,
  name: 'Credit Card',
  paymentProcessorCode: 'AURUS_HOSTED',
  requiresVerifiedIdentity: false,
  avsCoverageLevel: 'ZipCodeOnly',
};

/**
 * A payment flow as the instruments see it, every action a mock (`spy` holds them, for assertions);
 * `overrides` set the state under test.
 */
export function fakeFlow(overrides: Partial<PaymentFlowApi> = {}) {
  const spy = {
    selectInstrument: vi.fn((next: PaymentInstrument) => {
      void next;
      return Promise.resolve();
    }),
    setBillingAddress: vi.fn((address: BillingAddress | null) => {
      void address;
      return Promise.resolve({ ok: true as const });
    }),
    setSaveCard: vi.fn(),
    refresh: vi.fn(() => Promise.resolve()),
    place: vi.fn((input: { paymentToken: string | null }, options?: { source?: 'card' | 'wallet' }) => {
      void input;
      void options;
      return Promise.resolve();
    }),
    answerChallenge: vi.fn(),
    fail: vi.fn(),
  };
  const flow: PaymentFlowApi = {
    orderId: 1,
    paymentOrigin: TEST_PAYMENT_ORIGIN,
    methods: [CARD_METHOD],
    cardMethod: CARD_METHOD,
    savedPaymentsEnabled: false,
    savedCards: [],
    billingAddress: null,
    giftCards: [],
    dueCents: 1840,
    tipCents: 0,
    instrument: { kind: 'new-card' },
    pendingPayment: null,
    busy: false,
    challenge: null,
    ...spy,
    ...overrides,
  };
  return { flow, spy };
}

export function WithFlow({ flow, children }: { flow: PaymentFlowApi; children: React.ReactNode }) {
  return <PaymentFlowContext.Provider value={flow}>{children}</PaymentFlowContext.Provider>;
}
