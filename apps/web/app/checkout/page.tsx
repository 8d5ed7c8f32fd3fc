import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CheckoutScreen } from '@/features/checkout/components/checkout-screen';
import { getCheckoutPage } from '@/features/checkout/checkout.queries';
import { CouponSection } from '@/features/discounts/components/coupon-section';
import { DiscountCleanup } from '@/features/discounts/components/discount-cleanup';

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
  return (
    <CheckoutScreen
      data={page.data}
      discounts={
        <section aria-labelledby="checkout-discounts-title" className="flex flex-col gap-2">
          <h3 id="checkout-discounts-title" className="font-bold">
            Discounts
          </h3>
          {/* Every customer answers the captcha until a loyalty sign-in exists (spec section 6). */}
          <CouponSection coupon={coupon} needsCaptcha />
          <DiscountCleanup orderId={order.id} active={coupon !== null} />
        </section>
      }
    />
  );
}
