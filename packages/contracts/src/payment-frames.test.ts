import { describe, expect, it } from 'vitest';
import {
  WALLET_MESSAGES,
  WalletSessionParamsSchema,
  parseExpressFrameMessage,
  parseWalletSheetMessage,
  walletOutcomeOf,
} from './payment-frames';

const SESSION = '0b6f1c52-3f0e-4f7e-9a51-0d1f6f9e2a10';
const OTHER_SESSION = '7d4c5a63-1b2e-4c3d-8e9f-112233445566';

describe('Express frame messages', () => {
  it('reads Complete with its token, brand and last four', () => {
    expect(
      parseExpressFrameMessage({
        HostedPaymentStatus: 'Complete',
        PaymentToken: 'tok_sbx_abc.def',
        CardLogo: 'visa',
        LastFour: '4242',
      }),
    ).toEqual({
      HostedPaymentStatus: 'Complete',
      PaymentToken: 'tok_sbx_abc.def',
      CardLogo: 'visa',
      LastFour: '4242',
    });
  });

  it('reads an error with its code and message', () => {
    expect(
      parseExpressFrameMessage({
        HostedPaymentStatus: 'Error',
        ExpressResponseCode: 10029,
        ExpressResponseMessage: 'The transaction was rejected and your order expired.',
      }),
    ).toMatchObject({ HostedPaymentStatus: 'Error', ExpressResponseCode: 10029 });
  });

  it('ignores other protocols and broken messages instead of throwing', () => {
    expect(parseExpressFrameMessage({ type: 'enablePlaceOrder', value: true })).toBeNull();
    expect(parseExpressFrameMessage({ HostedPaymentStatus: 'Complete', PaymentToken: '' })).toBeNull();
    expect(
      parseExpressFrameMessage({
        HostedPaymentStatus: 'Complete',
        PaymentToken: 't',
        CardLogo: 'visa',
        LastFour: '42a2',
      }),
    ).toBeNull();
    expect(parseExpressFrameMessage('HostedPaymentStatus=Complete')).toBeNull();
    expect(parseExpressFrameMessage(null)).toBeNull();
  });
});

describe('wallet sheet messages', () => {
  const approved = {
    type: 'walletApproved',
    sessionId: SESSION,
    one_time_token: 'tok_sbx_x.y',
    card_brand: 'visa',
    last_four: '4242',
  };

  it('turns approval into a token, cancel into cancelled and an error into its response text', () => {
    const message = parseWalletSheetMessage(approved, SESSION);
    expect(message && walletOutcomeOf(message)).toEqual({
      status: 'approved',
      token: 'tok_sbx_x.y',
      cardBrand: 'visa',
      lastFour: '4242',
    });
    const cancelled = parseWalletSheetMessage({ type: 'walletCancelled', sessionId: SESSION }, SESSION);
    expect(cancelled && walletOutcomeOf(cancelled)).toEqual({ status: 'cancelled' });
    const error = parseWalletSheetMessage(
      { type: 'walletError', sessionId: SESSION, response_code: 886, response_text: 'Declined' },
      SESSION,
    );
    expect(error && walletOutcomeOf(error)).toEqual({ status: 'error', code: 886, message: 'Declined' });
  });

  it('does not end the presentation on ready', () => {
    const ready = parseWalletSheetMessage({ type: 'walletReady', sessionId: SESSION }, SESSION);
    expect(ready).not.toBeNull();
    expect(ready && walletOutcomeOf(ready)).toBeNull();
  });

  it("ignores another session's messages and foreign shapes", () => {
    expect(parseWalletSheetMessage(approved, OTHER_SESSION)).toBeNull();
    expect(parseWalletSheetMessage({ ...approved, sessionId: 'not-a-uuid' }, 'not-a-uuid')).toBeNull();
    expect(parseWalletSheetMessage({ HostedPaymentStatus: 'Complete' }, SESSION)).toBeNull();
    expect(parseWalletSheetMessage(undefined, SESSION)).toBeNull();
  });

  it('keeps the spec texts for a wallet that is not authorized', () => {
    expect(WALLET_MESSAGES).toEqual({
      notAuthorized: 'The transaction was not authorized',
      notAuthorizedHint: 'Please, try again or use another payment method',
    });
  });

  it('reads the method segment of the session path as a number', () => {
    expect(WalletSessionParamsSchema.parse({ orderId: '12', method: '15' })).toEqual({
      orderId: 12,
      method: 15,
    });
    expect(WalletSessionParamsSchema.safeParse({ orderId: '12', method: 'wallet' }).success).toBe(false);
  });
});
