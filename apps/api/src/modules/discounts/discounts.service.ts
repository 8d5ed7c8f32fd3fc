/**
 * Coupons on an order being built (add, remove one, remove all) and the count of a coupon's uses when an order
 * is placed. What a coupon takes off is the contracts' discount engine, run by the orders module each time it
 * recomputes totals; this module decides whether a code may go on the order and counts its uses race-free.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { couponRefusal, normalizeCouponCode } from '@storefront/contracts/discount-engine';
import { DISCOUNT_MESSAGES, type AddCouponBody } from '@storefront/contracts/discounts';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import type { Order } from '@storefront/contracts/orders';
import type { Db } from '../../db/client';
import type { orders } from '../../db/schema/orders';
import { notFound, ruleBroken } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import { requireCaptcha } from '../../providers/captcha/index';
import { changeOrder, requireOwnedOrder } from '../orders/orders.service';
import { customerKeyOf, discountContextOf, toDiscountRule } from './discount-inputs';
import {
  countRedemptions,
  deleteOrderCoupon,
  findCouponByCode,
  findDiscount,
  findOrderCoupon,
  insertRedemption,
  upsertOrderCoupon,
} from './discounts.repository';
import { deleteOrderReward } from '../loyalty/loyalty.repository';

type OrderRow = typeof orders.$inferSelect;

const invalidCode = () =>
  ruleBroken('InvalidDiscount', ORDER_ERROR.InvalidDiscount, DISCOUNT_MESSAGES.invalidCode);

/**
 * POST sales/orders/{id}/discounts: puts the coupon `discountCode` on the order (replacing its coupon: one per
 * order) and answers the order. The captcha comes first (422 9902 without a passing answer): every customer
 * answers it until a loyalty sign-in exists, the one kind of session the spec lets skip it. 422 21021 'Invalid
 * code' for an unknown code or one this order may not use (dates in the store's time zone, channel, method,
 * store, uses left). A valid coupon that takes nothing stays on the order unapplied (its line: isApplied false,
 * notice 21022) and applies once the order qualifies.
 */
export async function addCoupon(
  app: FastifyInstance,
  db: Db,
  session: Session,
  orderId: number,
  body: AddCouponBody,
): Promise<Order> {
  // Another session's order answers 404 before any captcha is asked for (ids cannot be probed either way).
  await requireOwnedOrder(db, orderId, session.sid);
  await requireCaptcha(app, body.recaptchaInput ?? undefined, 'coupons');
  return changeOrder(db, session, orderId, async (tx, order) => {
    const typed = body.discountCode.trim();
    const row = await findCouponByCode(tx, normalizeCouponCode(typed));
    if (!row) throw invalidCode();
    const customerKey = customerKeyOf(order);
    const usage = {
      used: row.usedCount,
      usedByCustomer: customerKey === null ? null : await countRedemptions(tx, row.id, customerKey),
    };
    if (couponRefusal(toDiscountRule(row), await discountContextOf(tx, order), usage) !== null)
      throw invalidCode();
    await upsertOrderCoupon(tx, {
      orderId: order.id,
      discountId: row.id,
      instanceId: randomUUID(),
      couponCode: typed,
    });
  });
}

/**
 * DELETE sales/orders/{id}/discounts/{instanceId}: removes the order's coupon with that instance id. 404 (21021)
 * when the order has no such discount; 422 (21023) for an automatic discount, which the order carries while it
 * qualifies.
 */
export async function removeDiscount(
  db: Db,
  session: Session,
  orderId: number,
  instanceId: string,
): Promise<Order> {
  return changeOrder(db, session, orderId, async (tx, order) => {
    if (await deleteOrderCoupon(tx, order.id, instanceId)) return;
    if (order.discountLines.some((line) => line.instanceId === instanceId && line.source === 'automatic'))
      throw ruleBroken(
        'AutoAppliedDiscount',
        ORDER_ERROR.AutoAppliedDiscount,
        'An automatic discount cannot be removed',
      );
    throw notFound('DiscountNotFound', 'The order has no such discount', ORDER_ERROR.InvalidDiscount);
  });
}

/**
 * DELETE sales/orders/{id}/discounts: removes every discount the guest added, the coupon and the loyalty reward
 * (leaving checkout for anything but payment). Idempotent.
 */
export async function removeAllDiscounts(db: Db, session: Session, orderId: number): Promise<Order> {
  return changeOrder(db, session, orderId, async (tx, order) => {
    await deleteOrderCoupon(tx, order.id);
    await deleteOrderReward(tx, order.id);
  });
}

/**
 * Inside the placing transaction: counts one use of the order's coupon if it takes something off. The coupon's
 * row is locked first, so concurrent placements count one at a time and a coupon with N uses left is used
 * exactly N times; the N+1th placement fails with 422 21021 (and its transaction rolls back). Does nothing for
 * an order without an applied coupon.
 */
export async function redeemOrderCoupon(tx: Db, order: OrderRow): Promise<void> {
  const line = order.discountLines.find((l) => l.source === 'coupon');
  if (!line?.isApplied) return;
  const applied = await findOrderCoupon(tx, order.id);
  if (!applied) return;
  const discount = await findDiscount(tx, applied.discount.id, true);
  if (!discount) return;
  const customerKey = customerKeyOf(order) ?? `order:${order.id}`;
  const usedByCustomer = await countRedemptions(tx, discount.id, customerKey);
  const usedUp =
    (discount.usageLimit !== null && discount.usedCount >= discount.usageLimit) ||
    (discount.usageLimitPerCustomer !== null && usedByCustomer >= discount.usageLimitPerCustomer);
  if (usedUp)
    throw ruleBroken(
      'InvalidDiscount',
      ORDER_ERROR.InvalidDiscount,
      'This coupon can no longer be used. Remove it to place the order.',
    );
  await insertRedemption(tx, {
    discountId: discount.id,
    orderId: order.id,
    customerKey,
    amountCents: line.amountCents,
  });
}
