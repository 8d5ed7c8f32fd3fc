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
import type { Env } from '../../env';
import { ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { requireCaptcha } from '../../providers/captcha/index';
import type { OrderRow } from '../checkout/checkout.repository';
import { requireOwnedOrder } from '../checkout/checkout.service';
import type { OpenPayLaterCounts } from './pay-later.repository';

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

/** Who an order left to pay at the store is counted against: its store and each identity of its guest. */
export interface PayLaterIdentity {
  locationId: number;
  customerId: number | null;
  contactPhone: string | null;
  contactEmail: string | null;
  clientAddress: string | null;
}

export function payLaterIdentityOf(
  order: Pick<OrderRow, 'locationId' | 'userId' | 'contactPhone' | 'contactEmail'>,
  userId: number | null,
  context: PayLaterContext,
): PayLaterIdentity {
  return {
    locationId: order.locationId,
    customerId: order.userId ?? userId,
    contactPhone: phoneKey(order.contactPhone),
    contactEmail: emailKey(order.contactEmail),
    clientAddress: context.clientAddress === '' ? null : context.clientAddress,
  };
}

/**
 * The advisory lock keys of an identity (the store's and each of the guest's), in ascending order: a placing
 * transaction holds them until its COMMIT, so that parallel placements are counted one after another and a cap
 * is never exceeded; taken in this order, two transactions never wait for each other in a cycle.
 */
export function payLaterLockKeysOf(identity: PayLaterIdentity): number[] {
  const keys = [
    `store:${identity.locationId}`,
    identity.customerId === null ? null : `customer:${identity.customerId}`,
    identity.contactPhone === null ? null : `phone:${identity.contactPhone}`,
    identity.contactEmail === null ? null : `email:${identity.contactEmail}`,
    identity.clientAddress === null ? null : `address:${identity.clientAddress}`,
  ]
    .filter((key): key is string => key !== null)
    .map(lockKeyOf);
  return [...new Set(keys)].sort((a, b) => a - b);
}

/** A store's own pay-later settings (its offline-credit method's row); null where it sets none. */
export interface PayLaterSettings {
  maxOpenUnpaidOrders: number | null;
  maxUnpaidTotalCents: number | null;
}

/**
 * Refuses (422 21043, key PayLaterMaxTotal) an amount left to collect above the store's largest (its own
 * setting, else the deployment's).
 */
export function requirePayLaterTotal(
  settings: PayLaterSettings | null,
  context: PayLaterContext,
  dueCents: number,
): void {
  const maxTotalCents = settings?.maxUnpaidTotalCents ?? context.policy.maxTotalCents;
  if (dueCents > maxTotalCents) {
    throw ruleBroken(
      PAY_LATER_ERROR_KEY.maxTotal,
      ORDER_ERROR.InvalidPayment,
      PAY_LATER_MESSAGES.maxTotal(maxTotalCents),
    );
  }
}

/**
 * Refuses (422 21043, key PayLaterStoreLimit or PayLaterGuestLimit) an order when the store has its most open
 * unpaid orders or any identity of the guest has its most; `open` counts the others, read while the placing
 * transaction holds the identity's advisory locks (payLaterLockKeysOf).
 */
export function requirePayLaterRoom(
  settings: PayLaterSettings | null,
  context: PayLaterContext,
  open: OpenPayLaterCounts,
): void {
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
}
