import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { IdParamSchema } from '@storefront/contracts/bounds';
import { getPastOrder, requireAccount } from '@/features/account/account.queries';
import { repeatOrder } from '@/features/account/account.actions';
import { PastOrderDetails } from '@/features/account/components/past-order-details';
import { RepeatOrderButton } from '@/features/account/components/repeat-order-button';
import { AccountFrame } from '../../_components/account-frame';

export const metadata: Metadata = { title: 'Order Details | My Account', robots: { index: false } };

type Params = Promise<{ pastOrderId: string }>;

/** /my-account/order-history/{pastOrderId}: a past order's details as a page (phones, and direct visits). */
export default async function PastOrderPage({ params }: { params: Params }) {
  const id = IdParamSchema.safeParse((await params).pastOrderId);
  if (!id.success) notFound();
  await requireAccount();
  const order = await getPastOrder(id.data);
  if (!order) notFound();
  return (
    <AccountFrame active="order-history">
      <PastOrderDetails
        order={order}
        actions={<RepeatOrderButton pastOrderId={order.id} repeat={repeatOrder} />}
      />
    </AccountFrame>
  );
}
