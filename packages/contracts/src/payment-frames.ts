/**
 * The processor-served frames besides the Aurus card frame (payments.ts): the Express hosted card frame and
 * the virtual wallet (session, wallet sheet, the storefront's wallet adapter). Every message travels by
 * window.postMessage with the origin checked on both sides: the frame posts only to the storefront's origin
 * and the storefront accepts only the payment origin's frame.
 */
import { z } from 'zod';
import { envelope } from './api';
import { IdParamSchema } from './bounds';
import { WALLET_COUNTRY_CODE, WALLET_CURRENCY_CODE } from './payment-rules';

// The frames' readers, texts and constants without zod (the payment page's browser code imports them from there).
export {
  parseExpressFrameMessage,
  parseWalletSheetMessage,
  WALLET_COUNTRY_CODE,
  WALLET_CURRENCY_CODE,
  WALLET_MESSAGES,
  walletOutcomeOf,
} from './payment-rules';

/* ---------- Express hosted-frame protocol ---------- */

/**
 * Express differs from Aurus in who submits: the frame has its own 'Pay' button and reports the outcome by
 * itself (spec: "A frame message with HostedPaymentStatus Complete places the order"). The parent never asks
 * for a token.
 */
export const EXPRESS_STATUS = ['Ready', 'Complete', 'Error'] as const;

/** Frame -> parent: the frame is loaded and listening. */
export const ExpressReadyMessageSchema = z.object({ HostedPaymentStatus: z.literal('Ready') });

/** Frame -> parent: the card was tokenised; the one-time token places the order through the close request. */
export const ExpressCompleteMessageSchema = z.object({
  HostedPaymentStatus: z.literal('Complete'),
  PaymentToken: z.string().min(1).max(2000),
  /** Card brand ('visa', 'mastercard', 'discover', 'amex', 'card'). */
  CardLogo: z.string().max(20),
  LastFour: z.string().regex(/^\d{4}$/),
});
export type ExpressCompleteMessage = z.infer<typeof ExpressCompleteMessageSchema>;

/**
 * Frame -> parent: the frame could not produce a token. ExpressResponseCode follows the payment codes of
 * the spec (10029 the session expired, 500 the service is unavailable); the message is shown as is.
 */
export const ExpressErrorMessageSchema = z.object({
  HostedPaymentStatus: z.literal('Error'),
  ExpressResponseCode: z.number().int(),
  ExpressResponseMessage: z.string().max(500),
});
export type ExpressErrorMessage = z.infer<typeof ExpressErrorMessageSchema>;

export const ExpressFrameMessageSchema = z.discriminatedUnion('HostedPaymentStatus', [
  ExpressReadyMessageSchema,
  ExpressCompleteMessageSchema,
  ExpressErrorMessageSchema,
]);
export type ExpressFrameMessage = z.infer<typeof ExpressFrameMessageSchema>;

/**
 * Parent -> frame: the order was not placed with the last token (a decline at placement); the frame clears
 * the card fields and lets the guest pay again. `message` is shown inside the frame when given.
 */
export const ExpressResetMessageSchema = z.object({
  type: z.literal('reset'),
  message: z.string().max(500).optional(),
});
export type ExpressParentMessage = z.infer<typeof ExpressResetMessageSchema>;

/* ---------- Virtual wallet: session ---------- */

/** GET sales/orders/{id}/payment-methods/{method}/sessions: only VirtualWallet (15) has sessions. */
export const WalletSessionParamsSchema = z.object({
  orderId: IdParamSchema,
  method: IdParamSchema,
});

/**
 * The wallet session for the order's due amount. `sheetUrl` is the processor's wallet sheet for it (served by
 * the payment origin, shown framed by the storefront); `expiresAt` is when the session stops accepting.
 */
export const WalletSessionSchema = z.object({
  sessionId: z.uuid(),
  sheetUrl: z.string(),
  amount: z.number(),
  expiresAt: z.string(),
});
export type WalletSession = z.infer<typeof WalletSessionSchema>;
export const WalletSessionResponseSchema = envelope(WalletSessionSchema);

/** How long a wallet session accepts an approval. */
export const WALLET_SESSION_TTL_MS = 10 * 60 * 1000;

/* ---------- Virtual wallet: the sheet's messages (sheet -> storefront) ---------- */

/** The sheet is loaded and listening. */
export const WalletReadyMessageSchema = z.object({
  type: z.literal('walletReady'),
  sessionId: z.uuid(),
});

/** The payer approved: the one-time token places the order (the close request's paymentToken). */
export const WalletApprovedMessageSchema = z.object({
  type: z.literal('walletApproved'),
  sessionId: z.uuid(),
  one_time_token: z.string().min(1).max(2000),
  card_brand: z.string().max(20),
  last_four: z.string().regex(/^\d{4}$/),
});

/** The payer closed the sheet without paying. */
export const WalletCancelledMessageSchema = z.object({
  type: z.literal('walletCancelled'),
  sessionId: z.uuid(),
});

/** A non-success session token response: the storefront shows response_text (spec section 8, Wallet). */
export const WalletErrorMessageSchema = z.object({
  type: z.literal('walletError'),
  sessionId: z.uuid(),
  response_code: z.number().int(),
  response_text: z.string().max(500),
});

export const WalletSheetMessageSchema = z.discriminatedUnion('type', [
  WalletReadyMessageSchema,
  WalletApprovedMessageSchema,
  WalletCancelledMessageSchema,
  WalletErrorMessageSchema,
]);
export type WalletSheetMessage = z.infer<typeof WalletSheetMessageSchema>;

/** The sheet's same-origin calls (never leave the payment origin). */
export const WalletSheetParamsSchema = z.object({ sessionId: z.uuid() });
export const WalletApproveBodySchema = z.object({
  /** Sandbox only: approve with the sandbox's declining card, so placement answers 'not authorized'. */
  simulateDecline: z.boolean().default(false),
});
export type WalletApproveBody = z.infer<typeof WalletApproveBodySchema>;
export const WalletApproveValueSchema = WalletApprovedMessageSchema.omit({ type: true });
export const WalletCancelValueSchema = WalletCancelledMessageSchema.omit({ type: true });

/* ---------- Virtual wallet: errors and the storefront's adapter ---------- */

/** What the wallet asks the payer to approve. */
export interface WalletPaymentRequest {
  orderId: number;
  /** Due amount in cents. */
  amountCents: number;
  /** The store's name, shown as the merchant. */
  merchantName: string;
  countryCode: typeof WALLET_COUNTRY_CODE;
  currencyCode: typeof WALLET_CURRENCY_CODE;
}

/** How one wallet presentation ends. */
export type WalletOutcome =
  | { status: 'approved'; token: string; cardBrand: string; lastFour: string }
  | { status: 'cancelled' }
  /** A non-success answer: `message` is shown (spec: "shows the response text"). */
  | { status: 'error'; code: number; message: string };

/**
 * The storefront's wallet button talks to a wallet only through this. The sandbox adapter frames the
 * processor's wallet sheet; an Apple Pay adapter would create its ApplePaySession inside the click (present)
 * and hand the session to merchant validation; Google Pay would call loadPaymentData. The token each yields
 * goes to the close request unchanged.
 */
export interface WalletAdapter {
  /** Which wallet this is ('sandbox', 'apple-pay', 'google-pay'). */
  readonly kind: string;
  /** The button's accessible name, e.g. 'Pay with Wallet'. */
  readonly label: string;
  /** Whether this browser can present the wallet at all (no button otherwise). */
  isAvailable(): Promise<boolean>;
  /** Asks the processor for a session; a rejection hides the wallet button (spec section 8). */
  beginSession(request: WalletPaymentRequest): Promise<WalletSession>;
  /** Shows the sheet for the session; resolves once the payer approved, cancelled or it failed. */
  present(session: WalletSession, request: WalletPaymentRequest): Promise<WalletOutcome>;
}
