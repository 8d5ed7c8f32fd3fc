/**
 * The virtual wallet (spec section 4): a wallet session at the processor for the due amount of the order's
 * pending wallet payment. The processor serves the wallet sheet on its own origin; the payer's approval there
 * mints a one-time token for the session and its amount, signed by the processor for us, which the close request
 * then charges like a card token (saved-payments.service cardChargeSource checks it is this session's).
 */
import type { WalletSession } from '@storefront/contracts/payment-frames';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { APP_ERROR, ORDER_ERROR } from '@storefront/contracts/errors';
import { PAYMENT_MESSAGES } from '@storefront/contracts/payments';
import { centsToDollars } from '@storefront/contracts/money';
import type { Db } from '../../db/client';
import { DomainError, conflict, notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import type { PaymentProcessor, WalletSessionInfo } from '../../providers/payment/payment-processor';
import { ProcessorUnavailableError } from '../../providers/payment/processor-client';
import { requireOwnedOrder } from '../checkout/checkout.service';
import { updatePayment } from './payments.repository';
import { findOpenWalletPayment, findStoreName, storeHasWallet } from './wallet.repository';

function toWalletSession(info: WalletSessionInfo): WalletSession {
  return {
    sessionId: info.sessionId,
    sheetUrl: info.sheetUrl,
    amount: centsToDollars(info.amountCents),
    expiresAt: info.expiresAt.toISOString(),
  };
}

const amountChanged = () =>
  conflict(
    'WalletSession',
    'The amount to pay has changed: start the wallet payment again',
    ORDER_ERROR.InvalidPaymentTotal,
  );

/**
 * GET sales/orders/{id}/payment-methods/{method}/sessions: a new wallet session at the processor for the amount
 * of the order's pending wallet payment, linked to it (a token of an earlier session stops counting). No lock is
 * held while the processor answers: the payment is linked afterwards only if it still asks for that amount.
 * Fails with 404 for another method than 15 or someone else's order, 409 for a placed order (or an amount changed
 * meanwhile), 422 9904 when the store has no wallet, 422 21043 when the order has no wallet payment, and 502 when
 * the processor does not answer.
 */
export async function createWalletSession(
  db: Db,
  processor: PaymentProcessor,
  session: Session,
  orderId: number,
  method: number,
): Promise<WalletSession> {
  if (method !== PAYMENT_METHOD.VirtualWallet) {
    throw notFound('PaymentMethodSessions', 'Only the virtual wallet (15) has payment sessions');
  }
  const order = await requireOwnedOrder(db, session, orderId, { open: true });
  if (!(await storeHasWallet(db, order.locationId))) {
    throw ruleBroken(
      'PaymentMethod',
      APP_ERROR.Misconfigured,
      'The store does not accept the virtual wallet',
    );
  }
  const payment = await findOpenWalletPayment(db, order.id);
  if (!payment) {
    throw ruleBroken(
      'Payment',
      ORDER_ERROR.InvalidPayment,
      'Add a virtual wallet payment before opening a wallet session',
    );
  }
  const amountCents = payment.baseAmountCents + payment.tipAmountCents;
  let opened: WalletSessionInfo;
  try {
    opened = await processor.openWalletSession({
      amountCents,
      merchantName: (await findStoreName(db, order.locationId)) ?? 'Storefront',
      reference: `order-${order.id}-payment-${payment.id}`,
    });
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    throw new DomainError(502, {
      key: 'PaymentServiceUnavailable',
      code: APP_ERROR.Internal,
      message: PAYMENT_MESSAGES.serviceUnavailable,
    });
  }
  return db.transaction(async (tx) => {
    await requireOwnedOrder(tx, session, orderId, { forUpdate: true, open: true });
    const current = await findOpenWalletPayment(tx, order.id);
    if (
      !current ||
      current.id !== payment.id ||
      current.baseAmountCents + current.tipAmountCents !== amountCents
    )
      throw amountChanged();
    await updatePayment(tx, payment.id, { walletSessionId: opened.sessionId, processorToken: null });
    return toWalletSession(opened);
  });
}
