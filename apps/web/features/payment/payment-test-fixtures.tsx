/**
 * Shared by the payment page's component tests: the processor's pages as the tests play them (a window in an
 * iframe posting messages), a fake flow's provider around an instrument, and the card frame's token answer.
 */
import { act, render, screen } from '@testing-library/react';
import type { PaymentFlowApi } from './payment-flow-context';
import { TEST_PAYMENT_ORIGIN, WithFlow } from './saved-card.fixtures';

/** The window inside the iframe titled `title` (the card frame, the wallet sheet). */
export function frameWindow(title: string): Window {
  const frame = screen.getByTitle<HTMLIFrameElement>(title);
  if (!frame.contentWindow) throw new Error(`${title} has no window`);
  return frame.contentWindow;
}

/** A message posted by `source` (the processor's page), from the payment origin unless `origin` says otherwise. */
export function postFrom(source: Window | null, data: unknown, origin = TEST_PAYMENT_ORIGIN) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

/** Renders an instrument inside the provider of `flow` (fakeFlow's). */
export function renderWithFlow(flow: PaymentFlowApi, ui: React.ReactNode) {
  return render(<WithFlow flow={flow}>{ui}</WithFlow>);
}

/** The Aurus card frame's answer to a token request: approved (token 'tok_1') unless `overrides` say otherwise. */
export function tokenResponse(requestId: string, overrides: Record<string, unknown> = {}) {
  return {
    type: 'tokenResponse',
    requestId,
    response_code: 0,
    response_text: 'Approved',
    one_time_token: 'tok_1',
    card_brand: 'visa',
    last_four: '4242',
    ...overrides,
  };
}
