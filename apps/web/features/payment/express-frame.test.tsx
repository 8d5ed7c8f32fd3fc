import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpressFrame } from './components/express-frame';
import { frameWindow, postFrom, renderWithFlow } from './payment-test-fixtures';
import { fakeFlow, TEST_PAYMENT_ORIGIN } from './saved-card.fixtures';
import { readExpressMessage } from './use-express-frame';

const PAYMENT_URL = `${TEST_PAYMENT_ORIGIN}/hosted-express/abc`;
const COMPLETE = {
  HostedPaymentStatus: 'Complete',
  PaymentToken: 'tok_1',
  CardLogo: 'visa',
  LastFour: '4242',
};

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** A message from the Express frame, from the payment origin unless `origin` says otherwise. */
function post(data: unknown, origin = TEST_PAYMENT_ORIGIN) {
  postFrom(frameWindow('Credit card payment form'), data, origin);
}

describe('readExpressMessage', () => {
  it('accepts only Express messages from the payment origin and the frame', () => {
    const frame = {} as MessageEventSource;
    const other = {} as MessageEventSource;
    const read = (data: unknown, origin = TEST_PAYMENT_ORIGIN, source = frame) =>
      readExpressMessage({ origin, data, source }, TEST_PAYMENT_ORIGIN, frame);
    expect(read(COMPLETE)).toEqual(COMPLETE);
    expect(read(COMPLETE, 'http://evil.test')).toBeNull();
    expect(read(COMPLETE, TEST_PAYMENT_ORIGIN, other)).toBeNull();
    expect(read({ type: 'enablePlaceOrder', value: true })).toBeNull();
  });
});

describe('ExpressFrame', () => {
  it('places the order once with the token of HostedPaymentStatus Complete', () => {
    const { flow, spy } = fakeFlow();
    renderWithFlow(flow, <ExpressFrame paymentUrl={PAYMENT_URL} />);
    post({ HostedPaymentStatus: 'Ready' });
    post(COMPLETE, 'http://evil.test');
    expect(spy.place).not.toHaveBeenCalled();
    post(COMPLETE);
    post(COMPLETE);
    expect(spy.place).toHaveBeenCalledTimes(1);
    expect(spy.place).toHaveBeenCalledWith({ paymentToken: 'tok_1' });
  });

  it("opens the spec's dialog for the frame's error code", () => {
    const { flow, spy } = fakeFlow();
    renderWithFlow(flow, <ExpressFrame paymentUrl={PAYMENT_URL} />);
    post({
      HostedPaymentStatus: 'Error',
      ExpressResponseCode: 10029,
      ExpressResponseMessage: 'Session expired',
    });
    expect(spy.fail).toHaveBeenCalledWith(10029, 'Session expired');
    expect(spy.place).not.toHaveBeenCalled();
  });
});
