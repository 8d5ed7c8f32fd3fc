'use client';

import { useId, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { DISCOUNT_MESSAGES, COUPON_CODE_MAX } from '@storefront/contracts/discount-messages';
import { dollarsToCents, formatCents } from '@storefront/contracts/money';
import type { OrderDiscount } from '@storefront/contracts/orders';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
// The payment's background ALTCHA solver: the coupon's captcha is the same check ('coupons' action).
import { solveInvisibleChallenge } from '@/lib/captcha/invisible-captcha';
import { addCoupon, removeCoupon } from '../discounts.actions';

/**
 * The Discounts section's Coupon part (spec sections 4, 5 and 6): a code and 'Add' (the captcha is solved first
 * for guests and customers without a loyalty sign-in, then the code is sent with it); 'Invalid code' for a
 * refused code; a valid coupon that takes nothing reads 'This coupon is valid, but it doesn’t apply any
 * discounts to your selected items'; an applied one shows its amount; 'Remove' takes it off. The totals follow
 * (the page re-reads the order). No <form> of its own: it sits inside checkout's form, Enter adds.
 */
export function CouponSection({
  coupon: initial,
  needsCaptcha,
}: {
  coupon: OrderDiscount | null;
  needsCaptcha: boolean;
}) {
  const router = useRouter();
  const [coupon, setCoupon] = useState<OrderDiscount | null>(initial);
  const [seen, setSeen] = useState(initial);
  if (seen !== initial) {
    setSeen(initial);
    setCoupon(initial);
  }
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const headingId = useId();

  function onAdd() {
    if (!code.trim()) {
      setError(DISCOUNT_MESSAGES.invalidCode);
      return;
    }
    setError(null);
    startTransition(async () => {
      const recaptchaInput = needsCaptcha ? await solveInvisibleChallenge() : null;
      const result = await addCoupon({ discountCode: code, recaptchaInput });
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setCoupon(result.coupon);
      setCode('');
      router.refresh();
    });
  }

  function onRemove(instanceId: string) {
    setError(null);
    startTransition(async () => {
      const result = await removeCoupon(instanceId);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      setCoupon(result.coupon);
      router.refresh();
    });
  }

  return (
    <div role="group" aria-labelledby={headingId} className="flex flex-col gap-2">
      <h4 id={headingId} className="font-semibold">
        Coupon
      </h4>
      {coupon ? (
        <div className="flex flex-col gap-2 rounded-lg bg-gray-50 p-3" aria-live="polite">
          <div className="flex items-center justify-between gap-3">
            <p>
              <span className="font-semibold">{coupon.couponCode ?? coupon.code}</span>
              {coupon.isApplied ? (
                <>
                  {' '}
                  applied:{' '}
                  <span className="font-semibold">-{formatCents(dollarsToCents(coupon.amount))}</span>
                </>
              ) : null}
            </p>
            <Button
              type="button"
              variant="secondary"
              loading={pending}
              aria-label={`Remove coupon ${coupon.couponCode ?? coupon.code ?? ''}`}
              onClick={() => onRemove(coupon.instanceId)}
            >
              Remove
            </Button>
          </div>
          {coupon.isApplied ? null : (
            <p className="text-sm text-gray-800">
              {coupon.notice === 21021 ? DISCOUNT_MESSAGES.invalidCode : DISCOUNT_MESSAGES.unused}
            </p>
          )}
        </div>
      ) : (
        <div className="flex items-end gap-2">
          <TextField
            label="Coupon code"
            className="min-w-0 flex-1"
            value={code}
            maxLength={COUPON_CODE_MAX}
            autoComplete="off"
            autoCapitalize="characters"
            error={error ?? undefined}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                onAdd();
              }
            }}
          />
          <Button
            type="button"
            variant="secondary"
            loading={pending}
            onClick={onAdd}
            className={error ? 'mb-7' : ''}
          >
            Add
          </Button>
        </div>
      )}
      {coupon && error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
