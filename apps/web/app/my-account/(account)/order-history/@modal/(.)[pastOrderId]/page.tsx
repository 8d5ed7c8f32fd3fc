import { requirePastOrder } from '@/features/account/account.queries';
import { repeatOrder } from '@/features/account/account.actions';
import { PastOrderDetails } from '@/features/account/components/past-order-details';
import { PastOrderModal } from '@/features/account/components/past-order-modal';
import { RepeatOrderButton } from '@/features/account/components/repeat-order-button';

type Params = Promise<{ pastOrderId: string }>;

/** 'Order Details' from the order history on a wide screen: the same details in a modal over the list. */
export default async function PastOrderModalPage({ params }: { params: Params }) {
  const order = await requirePastOrder((await params).pastOrderId);
  return (
    <PastOrderModal title="Order Details">
      <PastOrderDetails
        order={order}
        showTitle={false}
        actions={<RepeatOrderButton pastOrderId={order.id} repeat={repeatOrder} />}
      />
    </PastOrderModal>
  );
}
