import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CheckoutScreen } from '@/features/checkout/components/checkout-screen';
import { getCheckoutPage } from '@/features/checkout/checkout.queries';
import { CouponSection } from '@/features/discounts/components/coupon-section';
import { DiscountCleanup } from '@/features/discounts/components/discount-cleanup';
import { RewardsSection } from '@/features/discounts/components/rewards-section';
import { getCheckoutRewards } from '@/features/discounts/rewards.queries';
import { AccountEntry } from '@/features/session/components/account-entry';

export async function generateMetadata(): Promise<Metadata> {
  const page = await getCheckoutPage();
  return {
    title: page.kind === 'ok' ? `Checkout | ${page.data.companyName}` : 'Checkout',
    robots: { index: false },
  };
}

export default async function CheckoutPage() {
  const page = await getCheckoutPage();
  if (page.kind === 'redirect') redirect(page.to);
  const { order } = page.data;
  const coupon = order.discounts.find((d) => d.source === 'coupon') ?? null;
  const hasReward = order.discounts.some((d) => d.source === 'reward');
  const rewards = await getCheckoutRewards(order.id);
  return (
    <CheckoutScreen
      data={page.data}
      discounts={
        <section aria-labelledby="checkout-discounts-title" className="flex flex-col gap-4">
          <h3 id="checkout-discounts-title" className="font-bold">
            Discounts
          </h3>
          {rewards.kind === 'none' ? null : (
            <RewardsSection
              orderId={order.id}
              rewards={rewards.kind === 'member' ? rewards.rewards : null}
              login={<AccountEntry />}
            />
          )}
          {/* Every customer answers the captcha until a loyalty sign-in exists (spec section 6). */}
          <CouponSection coupon={coupon} needsCaptcha />
          <DiscountCleanup orderId={order.id} active={coupon !== null || hasReward} />
        </section>
      }
    />
  );
}
