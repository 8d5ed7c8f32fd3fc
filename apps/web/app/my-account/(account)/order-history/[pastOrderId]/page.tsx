import type { Metadata } from 'next';
import { requirePastOrder } from '@/features/account/account.queries';
import { repeatOrder } from '@/features/account/account.actions';
import { PastOrderDetails } from '@/features/account/components/past-order-details';
import { RepeatOrderButton } from '@/features/account/components/repeat-order-button';
import { AccountFrame } from '../../_components/account-frame';

export const metadata: Metadata = { title: 'Order Details | My Account', robots: { index: false } };

type Params = Promise<{ pastOrderId: string }>;

/** /my-account/order-history/{pastOrderId}: a past order's details as a page (phones, and direct visits). */
export default async function PastOrderPage({ params }: { params: Params }) {
  const order = await requirePastOrder((await params).pastOrderId);
  return (
    <AccountFrame active="order-history">
      <PastOrderDetails
        order={order}
        actions={<RepeatOrderButton pastOrderId={order.id} repeat={repeatOrder} />}
      />
    </AccountFrame>
  );
}
