import type { Metadata } from 'next';
import { isMobileRequest, listPastOrders, requireAccount } from '@/features/account/account.queries';
import { loadMorePastOrders, repeatOrder } from '@/features/account/account.actions';
import { OrderHistoryList } from '@/features/account/components/order-history-list';
import { AccountFrame } from '../_components/account-frame';

export const metadata: Metadata = { title: 'Order History | My Account', robots: { index: false } };

/** /my-account/order-history: the past order cards (four, then 'More Orders'). */
export default async function OrderHistoryPage() {
  await requireAccount();
  const [history, isMobile] = await Promise.all([listPastOrders(), isMobileRequest()]);
  return (
    <AccountFrame active="order-history">
      <section aria-labelledby="order-history-heading" className="flex flex-col gap-4">
        <h2 id="order-history-heading" className="text-2xl font-bold">
          Order History
        </h2>
        <OrderHistoryList
          initial={history}
          isMobile={isMobile}
          loadMore={loadMorePastOrders}
          repeat={repeatOrder}
        />
      </section>
    </AccountFrame>
  );
}
