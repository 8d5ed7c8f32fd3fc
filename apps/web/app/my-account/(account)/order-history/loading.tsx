import { Spinner } from '@/components/ui/spinner';

/** While the order history loads. */
export default function OrderHistoryLoading() {
  return (
    <main className="grid flex-1 place-items-center p-10">
      <Spinner label="Loading your orders" />
    </main>
  );
}
