/**
 * The coupon routes' requests and messages (spec: checkout sections 5, 7 and 8). The rules are in
 * discount-engine.ts (zod-free, shared with the storefront's browser code).
 */
import { z } from 'zod';
import { IdParamSchema, refuseNul, textSchema } from './bounds';
import { COUPON_CODE_MAX, DISCOUNT_MESSAGES } from './discount-messages';

// The coupon field's limit and messages are zod-free (discount-messages.ts), for the checkout page's browser code.
export { COUPON_CODE_MAX, DISCOUNT_MESSAGES };

/**
 * Add a coupon: body discountCode and recaptchaInput (the captcha answer; required for guests and customers
 * who did not sign in through loyalty, 9902 otherwise).
 */
export const AddCouponBodySchema = z.object({
  discountCode: refuseNul(z.string().trim())
    .min(1, 'Please enter a coupon code')
    .max(COUPON_CODE_MAX, `A coupon code has at most ${COUPON_CODE_MAX} characters`),
  recaptchaInput: textSchema(8000).nullable().optional(),
});
export type AddCouponBody = z.input<typeof AddCouponBodySchema>;

/** DELETE sales/orders/{id}/discounts/{instanceId}. */
export const OrderDiscountParamsSchema = z.object({
  orderId: IdParamSchema,
  instanceId: refuseNul(z.string())
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid discount instance id'),
});
