/**
 * Pay at the Store (offline credit): an order placed without being paid costs the store food if nobody comes, so
 * it takes the same captcha as a new card payment and limits on what may be left unpaid (README 'Pay at the
 * Store'): per guest, open unpaid orders counted apart for each of its identities (customer account, contact
 * phone, contact e-mail, client address); per store, open unpaid orders; and the largest amount left to collect.
 * The kitchen's board shows what each order still has to pay.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_METHOD } from '@storefront/contracts/enums';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { dollarsToCents } from '@storefront/contracts/money';
import { PAY_LATER_ERROR_KEY, PAY_LATER_MESSAGES } from '@storefront/contracts/pay-later';
import type { CreatePaymentBody } from '@storefront/contracts/payments';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { requireCaptcha } from '../../providers/captcha/index';
import type { OrderRow } from '../checkout/checkout.repository';
import { requireOwnedOrder } from '../checkout/checkout.service';
import {
  countOpenPayLaterOrders,
  findPayLaterSettings,
  insertPayLaterOrder,
  lockKeys,
} from './pay-later.repository';

/** The deployment's pay-later limits (env); a store's own settings override the store cap and the amount. */
export interface PayLaterPolicy {
  maxOpenPerGuest: number;
  maxOpenPerStore: number;
  maxTotalCents: number;
}

export function payLaterPolicyOf(
  env: Pick<Env, 'PAY_LATER_MAX_OPEN_PER_GUEST' | 'PAY_LATER_MAX_OPEN_PER_STORE' | 'PAY_LATER_MAX_TOTAL'>,
): PayLaterPolicy {
  return {
    maxOpenPerGuest: env.PAY_LATER_MAX_OPEN_PER_GUEST,
    maxOpenPerStore: env.PAY_LATER_MAX_OPEN_PER_STORE,
    maxTotalCents: dollarsToCents(env.PAY_LATER_MAX_TOTAL),
  };
}

/** What a placement brings for the pay-later limits: the policy and the address the request came from. */
export interface PayLaterContext {
  policy: PayLaterPolicy;
  clientAddress: string | null;
}

/**
 * Before an offline-credit payment is created (outside its transaction, like the new card's captcha): a valid,
 * unspent captcha for the 'payment' action, else 422 9902 (key 'Recaptcha' or 'ChallengeExpired'). The order is
 * checked first, so another session's order stays 404. Off with PAYMENT_CAPTCHA=false, as the card's.
 */
export async function requirePayLaterCaptcha(
  app: FastifyInstance,
  session: Session,
  orderId: number,
  body: Pick<CreatePaymentBody, 'paymentMethod' | 'recaptchaInput'>,
): Promise<void> {
  if (body.paymentMethod !== PAYMENT_METHOD.OfflineCredit || !app.config.PAYMENT_CAPTCHA) return;
  await requireOwnedOrder(app.db, session, orderId, { open: true });
  await requireCaptcha(app, body.recaptchaInput ?? undefined, 'payment');
}

/** A 32-bit advisory lock key for one identity (SHA-256's first four bytes). */
function lockKeyOf(identity: string): number {
  return createHash('sha256').update(identity).digest().readInt32BE(0);
}

const phoneKey = (phone: string | null) => {
  const digits = phone?.replace(/\D/g, '') ?? '';
  return digits === '' ? null : digits;
};
const emailKey = (email: string | null) => {
  const trimmed = email?.trim().toLowerCase() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * Inside the placing transaction of an order left to pay at the store (`dueCents` > 0): refuses it with 422
 * (21043, key PayLaterMaxTotal, PayLaterStoreLimit or PayLaterGuestLimit) when the amount is above the store's
 * largest, the store has its most open unpaid orders, or any identity of the guest has its most; otherwise
 * records it (committed with the placement). The store's and the identities' advisory locks are held until the
 * commit, so parallel placements are counted one after another and a cap is never exceeded.
 */
export async function holdPayLaterRoom(
  tx: Db,
  context: PayLaterContext,
  input: { order: OrderRow; userId: number | null; dueCents: number },
): Promise<void> {
  const { order, dueCents } = input;
  const settings = await findPayLaterSettings(tx, order.locationId);
  const maxTotalCents = settings?.maxUnpaidTotalCents ?? context.policy.maxTotalCents;
  if (dueCents > maxTotalCents) {
    throw ruleBroken(
      PAY_LATER_ERROR_KEY.maxTotal,
      ORDER_ERROR.InvalidPayment,
      PAY_LATER_MESSAGES.maxTotal(maxTotalCents),
    );
  }
  const identity = {
    locationId: order.locationId,
    customerId: order.userId ?? input.userId,
    contactPhone: phoneKey(order.contactPhone),
    contactEmail: emailKey(order.contactEmail),
    clientAddress: context.clientAddress === '' ? null : context.clientAddress,
  };
  await lockKeys(
    tx,
    [
      `store:${identity.locationId}`,
      identity.customerId === null ? null : `customer:${identity.customerId}`,
      identity.contactPhone === null ? null : `phone:${identity.contactPhone}`,
      identity.contactEmail === null ? null : `email:${identity.contactEmail}`,
      identity.clientAddress === null ? null : `address:${identity.clientAddress}`,
    ]
      .filter((key): key is string => key !== null)
      .map(lockKeyOf),
  );
  const open = await countOpenPayLaterOrders(tx, identity);
  const maxPerStore = settings?.maxOpenUnpaidOrders ?? context.policy.maxOpenPerStore;
  if (open.store >= maxPerStore) {
    throw ruleBroken(
      PAY_LATER_ERROR_KEY.storeLimit,
      ORDER_ERROR.InvalidPayment,
      PAY_LATER_MESSAGES.storeLimit,
    );
  }
  const maxPerGuest = context.policy.maxOpenPerGuest;
  if (Math.max(open.customer, open.phone, open.email, open.address) >= maxPerGuest) {
    throw ruleBroken(
      PAY_LATER_ERROR_KEY.guestLimit,
      ORDER_ERROR.InvalidPayment,
      PAY_LATER_MESSAGES.guestLimit(maxPerGuest),
    );
  }
  await insertPayLaterOrder(tx, { orderId: order.id, ...identity, dueCents });
}
