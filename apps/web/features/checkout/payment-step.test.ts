import { describe, expect, it } from 'vitest';
import type { PaymentMethodInfo } from '@storefront/contracts/payments';
import { paymentStepFor } from './payment-step';

function method(paymentMethod: PaymentMethodInfo['paymentMethod'], extra: Partial<PaymentMethodInfo> = {}) {
  return {
    id: paymentMethod * 10,
    paymentMethod,
    name: '',
    paymentProcessorCode: paymentMethod === 5 ? 'AURUS_HOSTED' : null,
    requiresVerifiedIdentity: false,
    avsCoverageLevel: 'None',
    ...extra,
  } satisfies PaymentMethodInfo;
}

describe('paymentStepFor (checkout submit step 4)', () => {
  it('goes straight to the payment page for a lone credit card or wallet, gift cards aside', () => {
    expect(paymentStepFor([method(5), method(6)])).toEqual({ kind: 'payment' });
    expect(paymentStepFor([method(15)])).toEqual({ kind: 'payment' });
  });

  it('places a lone offline credit from checkout', () => {
    expect(paymentStepFor([method(2), method(6)])).toMatchObject({
      kind: 'offline',
      choice: { paymentMethod: 2, name: 'Pay at the store' },
    });
  });

  it('opens the picker for more than one method, card first, with the API names when given', () => {
    const step = paymentStepFor([method(2), method(15, { name: 'Google Pay' }), method(5)]);
    expect(step.kind).toBe('picker');
    if (step.kind !== 'picker') return;
    expect(step.choices.map((c) => c.name)).toEqual(['Credit Card', 'Google Pay', 'Pay at the store']);
  });

  it('opens SMS verification first for a lone method that needs a verified identity (step 5)', () => {
    const step = paymentStepFor([method(2, { requiresVerifiedIdentity: true })]);
    expect(step).toMatchObject({
      kind: 'verify',
      choice: { paymentMethod: 2, requiresVerifiedIdentity: true },
    });
  });

  it('tries the payment page when the methods are unknown', () => {
    expect(paymentStepFor([])).toEqual({ kind: 'payment' });
  });
});
