/**
 * The virtual wallet (spec section 4): a wallet session for the due amount of the order's pending wallet
 * payment, the wallet sheet's view of it, and its approval (a one-time token kept on the payment, which the
 * close request then charges like a card token) or cancellation.
 */
import type { Env } from '../../env';
import type { WalletApproveBody, WalletSession } from '@storefront/contracts/payment-frames';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { APP_ERROR, ORDER_ERROR } from '@storefront/contracts/errors';
import { PAYMENT_MESSAGES } from '@storefront/contracts/payments';
import { centsToDollars } from '@storefront/contracts/money';
import type { Db } from '../../db/client';
import { DomainError, conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import type { PaymentProcessor } from '../../providers/payment/payment-processor';
import {
  cancelOpenWalletSession,
  findWalletSession,
  isWalletSessionOpen,
  openWalletSession,
  settleWalletSession,
  walletDeviceToken,
  type WalletSessionRow,
} from '../../providers/payment/sandbox-wallet';
import { findOrder } from '../checkout/checkout.repository';
import { requireOwnedOrder } from '../checkout/checkout.service';
import { updatePayment } from './payments.repository';
import {
  findOpenWalletPayment,
  findPaymentByWalletSession,
  findStoreName,
  storeHasWallet,
  updateWalletSessionPayment,
} from './wallet.repository';

export function walletSheetUrl(env: Env, sessionId: string): string {
  return new URL(`/hosted-wallet/${sessionId}`, env.API_PUBLIC_URL).toString();
}

function toWalletSession(env: Env, row: WalletSessionRow): WalletSession {
  return {
    sessionId: row.id,
    sheetUrl: walletSheetUrl(env, row.id),
    amount: centsToDollars(row.amountCents),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * GET sales/orders/{id}/payment-methods/{method}/sessions: the wallet session for the amount of the order's
 * pending wallet payment, linked to it. An open session for the same amount is answered again rather than
 * replaced. Fails with 404 for another method than 15 or someone else's order, 409 for a placed order, 422
 * 9904 when the store has no wallet and 422 21043 when the order has no wallet payment.
 */
export async function createWalletSession(
  db: Db,
  env: Env,
  session: Session,
  orderId: number,
  method: number,
  now: Date = new Date(),
): Promise<WalletSession> {
  if (method !== PAYMENT_METHOD.VirtualWallet) {
    throw notFound('PaymentMethodSessions', 'Only the virtual wallet (15) has payment sessions');
  }
  return db.transaction(async (tx) => {
    const order = await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    if (!(await storeHasWallet(tx, order.locationId))) {
      throw ruleBroken(
        'PaymentMethod',
        APP_ERROR.Misconfigured,
        'The store does not accept the virtual wallet',
      );
    }
    const payment = await findOpenWalletPayment(tx, order.id);
    if (!payment) {
      throw ruleBroken(
        'Payment',
        ORDER_ERROR.InvalidPayment,
        'Add a virtual wallet payment before opening a wallet session',
      );
    }
    const amountCents = payment.baseAmountCents + payment.tipAmountCents;
    if (payment.walletSessionId) {
      const current = await findWalletSession(tx, payment.walletSessionId);
      if (current && isWalletSessionOpen(current, now) && current.amountCents === amountCents) {
        return toWalletSession(env, current);
      }
    }
    const opened = await openWalletSession(tx, order.id, amountCents, now);
    // A token of an earlier session stops counting: the payment is paid through the new session only.
    await updatePayment(tx, payment.id, { walletSessionId: opened.id, processorToken: null });
    return toWalletSession(env, opened);
  });
}

export type WalletSheetState =
  | { ok: true; session: WalletSessionRow; merchantName: string; amountCents: number }
  | { ok: false; status: 404 | 409; message: string };

const SESSION_GONE = 'This wallet session is no longer available';

/** What the wallet sheet may show for a session: payable, or why not (never throws for a bad session). */
export async function getWalletSheet(
  db: Db,
  sessionId: string,
  now: Date = new Date(),
): Promise<WalletSheetState> {
  const session = await findWalletSession(db, sessionId);
  if (!session) return { ok: false, status: 404, message: SESSION_GONE };
  const payment = await findPaymentByWalletSession(db, sessionId);
  const order = await findOrder(db, session.orderId);
  if (!payment || payment.status === 'Approved' || !order || order.placedAt) {
    return { ok: false, status: 409, message: SESSION_GONE };
  }
  if (session.status === 'approved') {
    return { ok: false, status: 409, message: 'This wallet payment was already approved' };
  }
  if (session.status === 'cancelled') {
    return { ok: false, status: 409, message: 'This wallet payment was cancelled' };
  }
  if (!isWalletSessionOpen(session, now)) {
    return { ok: false, status: 409, message: 'This wallet session has expired' };
  }
  // A gift card applied or removed since re-amounts the payment: the payer must not approve a stale amount.
  if (payment.baseAmountCents + payment.tipAmountCents !== session.amountCents) {
    return {
      ok: false,
      status: 409,
      message: 'The amount to pay has changed: start the wallet payment again',
    };
  }
  const merchantName = (await findStoreName(db, order.locationId)) ?? 'Storefront';
  return { ok: true, session, merchantName, amountCents: session.amountCents };
}

function sheetError(state: Extract<WalletSheetState, { ok: false }>): DomainError {
  return new DomainError(state.status, {
    key: 'WalletSession',
    code: APP_ERROR.OrderExpired,
    message: state.message,
  });
}

/**
 * The sheet's Approve: mints the device card's one-time token, keeps token, brand and last four on the
 * wallet payment and marks the session approved, both or neither. 404 for an unknown session, 409 10029
 * for one that is used, cancelled or expired (of two racing approvals one wins).
 */
export async function approveWalletSession(
  db: Db,
  processor: PaymentProcessor,
  sessionId: string,
  body: WalletApproveBody,
  now: Date = new Date(),
) {
  const state = await getWalletSheet(db, sessionId, now);
  if (!state.ok) throw sheetError(state);
  const token = await walletDeviceToken(processor, { decline: body.simulateDecline, now });
  if (!token.ok) {
    throw new DomainError(502, {
      key: 'WalletToken',
      code: APP_ERROR.Internal,
      message: PAYMENT_MESSAGES.serviceUnavailable,
    });
  }
  return db.transaction(async (tx) => {
    const settled = await settleWalletSession(tx, sessionId, 'approved', now);
    if (!settled)
      throw conflict('WalletSession', 'This wallet session is no longer open', APP_ERROR.OrderExpired);
    const payment = await updateWalletSessionPayment(tx, sessionId, {
      processorToken: token.token,
      cardBrand: token.brand,
      lastFour: token.lastFour,
      status: 'Pending',
    });
    if (!payment) throw conflict('WalletSession', SESSION_GONE, APP_ERROR.OrderExpired);
    return {
      sessionId,
      one_time_token: token.token,
      card_brand: token.brand,
      last_four: token.lastFour,
    };
  });
}

/** The sheet's Cancel: an open session (expired or not) becomes cancelled; cancelling twice is fine. */
export async function cancelWalletSession(db: Db, sessionId: string) {
  const session = await findWalletSession(db, sessionId);
  if (!session) throw notFound('WalletSession', SESSION_GONE, APP_ERROR.OrderExpired);
  const status = (await cancelOpenWalletSession(db, sessionId))?.status ?? session.status;
  if (status === 'approved') {
    throw conflict('WalletSession', 'This wallet payment was already approved', APP_ERROR.OrderExpired);
  }
  return { sessionId };
}
