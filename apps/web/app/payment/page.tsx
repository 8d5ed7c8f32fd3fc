import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { PaymentScreen } from '@/features/payment/components/payment-screen';
import { getPaymentPage, getPaymentTitle } from '@/features/payment/payment.queries';
import { getCheckoutRewards } from '@/features/discounts/rewards.queries';
import { AccountEntry } from '@/features/session/components/account-entry';
import { getCaptchaConfig } from '@/features/session/session.queries';
import { PaymentCaptcha } from './payment-captcha';
import { PaymentTimeChange } from './payment-time-change';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await getPaymentTitle(), robots: { index: false } };
}

export default async function PaymentPage() {
  const page = await getPaymentPage();
  if (page.kind === 'redirect') redirect(page.to);
  const schedule = page.data.handover?.schedule;
  const rewards = await getCheckoutRewards(page.data.orderId);
  return (
    <PaymentScreen
      data={page.data}
      captcha={<PaymentCaptcha config={getCaptchaConfig()} />}
      timeChange={schedule ? <PaymentTimeChange schedule={schedule} /> : null}
      rewards={
        rewards.kind === 'none'
          ? null
          : { member: rewards.kind === 'member' ? rewards.rewards : null, login: <AccountEntry /> }
      }
    />
  );
}
