import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpressFrame } from './components/express-frame';
import { fakeFlow, TEST_PAYMENT_ORIGIN, WithFlow } from './saved-card.fixtures';
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

function frameWindow(): Window {
  const frame = screen.getByTitle<HTMLIFrameElement>('Credit card payment form');
  if (!frame.contentWindow) throw new Error('frame has no window');
  return frame.contentWindow;
}

function post(data: unknown, origin = TEST_PAYMENT_ORIGIN, source: Window | null = frameWindow()) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('readExpressMessage', () => {
  it('accepts only Express messages from the payment origin and the frame', () => {
    const frame = {} as MessageEventSource;
    const other = {} as MessageEventSource;
    expect(
      readExpressMessage(
        { origin: TEST_PAYMENT_ORIGIN, data: COMPLETE, source: frame },
        TEST_PAYMENT_ORIGIN,
        frame,
      ),
    ).toEqual(COMPLETE);
    expect(
      readExpressMessage(
        { origin: 'http://evil.test', data: COMPLETE, source: frame },
        TEST_PAYMENT_ORIGIN,
        frame,
      ),
    ).toBeNull();
    expect(
      readExpressMessage(
        { origin: TEST_PAYMENT_ORIGIN, data: COMPLETE, source: other },
        TEST_PAYMENT_ORIGIN,
        frame,
      ),
    ).toBeNull();
    expect(
      readExpressMessage(
        { origin: TEST_PAYMENT_ORIGIN, data: { type: 'enablePlaceOrder', value: true }, source: frame },
        TEST_PAYMENT_ORIGIN,
        frame,
      ),
    ).toBeNull();
  });
});

describe('ExpressFrame', () => {
  it('places the order once with the token of HostedPaymentStatus Complete', () => {
    const { flow, spy } = fakeFlow();
    render(
      <WithFlow flow={flow}>
        <ExpressFrame paymentUrl={PAYMENT_URL} />
      </WithFlow>,
    );
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
    render(
      <WithFlow flow={flow}>
        <ExpressFrame paymentUrl={PAYMENT_URL} />
      </WithFlow>,
    );
    post({
      HostedPaymentStatus: 'Error',
      ExpressResponseCode: 10029,
      ExpressResponseMessage: 'Session expired',
    });
    expect(spy.fail).toHaveBeenCalledWith(10029, 'Session expired');
    expect(spy.place).not.toHaveBeenCalled();
  });
});
