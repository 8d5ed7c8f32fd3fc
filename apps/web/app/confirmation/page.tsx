import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ConfirmationScreen } from '@/features/payment/components/confirmation-screen';
import { getConfirmationPage } from '@/features/payment/confirmation.queries';

export const metadata: Metadata = { title: 'Order Confirmation', robots: { index: false } };

export default async function ConfirmationPage() {
  const page = await getConfirmationPage();
  if (page.kind === 'redirect') redirect(page.to);
  return <ConfirmationScreen data={page.data} />;
}
