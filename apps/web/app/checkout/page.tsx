import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { CheckoutScreen } from '@/features/checkout/components/checkout-screen';
import { getCheckoutPage } from '@/features/checkout/checkout.queries';

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
  return <CheckoutScreen data={page.data} />;
}
