'use server';

import { AddCouponBodySchema, DISCOUNT_MESSAGES } from '@storefront/contracts/discounts';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { OrderSchema, type OrderDiscount } from '@storefront/contracts/orders';
import { apiRequest } from '@/lib/api';
import { getOrderRef } from '@/lib/order-cookie';

/** The order's coupon after the change (null: none), or the message to show. */
export type CouponResult =
  { ok: true; coupon: OrderDiscount | null } | { ok: false; error: string; code: number | null };

const noOrder: CouponResult = { ok: false, error: 'There is no order', code: null };

function couponOf(discounts: readonly OrderDiscount[]): OrderDiscount | null {
  return discounts.find((d) => d.source === 'coupon') ?? null;
}

/**
 * 'Add' of the Coupon part: the code and the captcha answer (solved first for guests and non-loyalty customers).
 * Any refusal of the code reads 'Invalid code' (21021); a captcha refusal (9902) answers the API's words.
 */
export async function addCoupon(input: {
  discountCode: string;
  recaptchaInput: string | null;
}): Promise<CouponResult> {
  const parsed = AddCouponBodySchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, error: DISCOUNT_MESSAGES.invalidCode, code: ORDER_ERROR.InvalidDiscount };
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const result = await apiRequest(OrderSchema, `sales/orders/${ref.orderId}/discounts`, {
    method: 'POST',
    body: parsed.data,
  });
  if (!result.ok) {
    const first = result.errors[0];
    const code = first ? Number(first.code) : null;
    if (code === ORDER_ERROR.InvalidDiscount || result.status === 400)
      return { ok: false, error: DISCOUNT_MESSAGES.invalidCode, code };
    return { ok: false, error: first?.message ?? 'Unknown error', code };
  }
  return { ok: true, coupon: couponOf(result.value.discounts) };
}

/** 'Remove' of the Coupon part: takes the coupon with this instance id off the order. */
export async function removeCoupon(instanceId: string): Promise<CouponResult> {
  const ref = await getOrderRef();
  if (!ref) return noOrder;
  const result = await apiRequest(
    OrderSchema,
    `sales/orders/${ref.orderId}/discounts/${encodeURIComponent(instanceId)}`,
    { method: 'DELETE' },
  );
  if (!result.ok) {
    const first = result.errors[0];
    return { ok: false, error: first?.message ?? 'Unknown error', code: first ? Number(first.code) : null };
  }
  return { ok: true, coupon: couponOf(result.value.discounts) };
}
