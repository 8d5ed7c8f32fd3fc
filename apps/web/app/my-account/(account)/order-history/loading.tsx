import { Spinner } from '@/components/ui/spinner';
import { MAIN_CONTENT_ID } from '@/components/ui/main-content';

/** While the order history loads. */
export default function OrderHistoryLoading() {
  return (
    <main id={MAIN_CONTENT_ID} className="grid flex-1 place-items-center p-10">
      <Spinner label="Loading your orders" />
    </main>
  );
}
