/**
 * What the discount engine needs to price an order, read from the database: the store's automatic discounts
 * and service charges, the order's coupon with its uses, and the order's date in the store's time zone.
 * The orders module calls it each time it recomputes totals (so it imports nothing of the orders module).
 */
import type {
  AppliedCoupon,
  DiscountContext,
  DiscountRule,
  RewardDiscountInput,
  ServiceChargeRule,
} from '@storefront/contracts/discount-engine';
import { localDateOf } from '@storefront/contracts/store-hours';
import type { Db } from '../../db/client';
import type { orders } from '../../db/schema/orders';
import { getRecord } from '../locations/locations.service';
import { rewardDiscountsOf } from '../loyalty/order-reward-inputs';
import { requireSnapshot } from '../menus/menus.service';
import {
  countRedemptions,
  findAutomaticDiscounts,
  findOrderCoupon,
  findServiceCharges,
  type DiscountRow,
  type ServiceChargeRow,
} from './discounts.repository';

type OrderRow = typeof orders.$inferSelect;

export function toDiscountRule(row: DiscountRow): DiscountRule {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    kind: row.kind,
    value: row.value,
    itemPathKeys: row.itemPathKeys,
    categoryKeys: row.categoryKeys,
    minSubtotalCents: row.minSubtotalCents,
    maxDiscountCents: row.maxDiscountCents,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    channels: row.channels,
    fulfillmentMethods: row.fulfillmentMethods,
    locationIds: row.locationIds,
    usageLimit: row.usageLimit,
    usageLimitPerCustomer: row.usageLimitPerCustomer,
  };
}

export function toServiceChargeRule(row: ServiceChargeRow): ServiceChargeRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    value: row.value,
    cateringOnly: row.cateringOnly,
    channels: row.channels,
    fulfillmentMethods: row.fulfillmentMethods,
    minItemQuantity: row.minItemQuantity,
    minSubtotalCents: row.minSubtotalCents,
  };
}

/**
 * Whose uses a per-customer limit counts: the signed-in customer, else the order's contact e-mail; null while
 * neither is known (the limit is then checked once the e-mail is, at the latest when the order is placed).
 */
export function customerKeyOf(order: Pick<OrderRow, 'userId' | 'contactEmail'>): string | null {
  if (order.userId !== null) return `user:${order.userId}`;
  const email = order.contactEmail?.trim().toLowerCase();
  return email ? `email:${email}` : null;
}

/** The order's conditions for the rules: store, channel, method, and its date in the store's time zone. */
export async function discountContextOf(
  db: Db,
  order: Pick<
    OrderRow,
    'locationId' | 'snapshotId' | 'orderChannel' | 'fulfillmentMethod' | 'scheduledReadyAt'
  >,
  now: number = Date.now(),
): Promise<DiscountContext> {
  const location = await getRecord(db, order.locationId);
  const snapshot = await requireSnapshot(db, order.snapshotId);
  return {
    locationId: order.locationId,
    catering: snapshot.catering,
    channel: order.orderChannel,
    fulfillmentMethod: order.fulfillmentMethod,
    localDate: localDateOf(order.scheduledReadyAt?.getTime() ?? now, location.timeZone),
  };
}

export interface OrderDiscountInputs {
  context: DiscountContext;
  automatic: DiscountRule[];
  coupon: AppliedCoupon | null;
  rewards: RewardDiscountInput[];
  serviceCharges: ServiceChargeRule[];
}

/** Everything the engine needs for this order (through the caller's handle: a transaction's when in one). */
export async function loadOrderDiscountInputs(db: Db, order: OrderRow): Promise<OrderDiscountInputs> {
  const context = await discountContextOf(db, order);
  const automatic = (await findAutomaticDiscounts(db, order.locationId)).map(toDiscountRule);
  const serviceCharges = (await findServiceCharges(db, order.locationId)).map(toServiceChargeRule);
  const applied = await findOrderCoupon(db, order.id);
  let coupon: AppliedCoupon | null = null;
  if (applied) {
    const customerKey = customerKeyOf(order);
    coupon = {
      instanceId: applied.coupon.instanceId,
      couponCode: applied.coupon.couponCode,
      rule: toDiscountRule(applied.discount),
      usage: {
        used: applied.discount.usedCount,
        usedByCustomer:
          customerKey === null ? null : await countRedemptions(db, applied.discount.id, customerKey),
      },
    };
  }
  return { context, automatic, coupon, rewards: await rewardDiscountsOf(db, order.id), serviceCharges };
}

/**
 * loadOrderDiscountInputs for a new order (written or about to be), from the store's automatic discounts and
 * service charges the caller read (as findAutomaticDiscounts and findServiceCharges answer them): such an order
 * has no coupon and no reward yet, so nothing else is read.
 */
export async function newOrderDiscountInputs(
  db: Db,
  order: Parameters<typeof discountContextOf>[1],
  automatic: readonly DiscountRow[],
  serviceCharges: readonly ServiceChargeRow[],
): Promise<OrderDiscountInputs> {
  return {
    context: await discountContextOf(db, order),
    automatic: automatic.map(toDiscountRule),
    coupon: null,
    rewards: [],
    serviceCharges: serviceCharges.map(toServiceChargeRule),
  };
}
