'use client';

import { useRouter } from 'next/navigation';
import { Dialog } from '@/components/ui/dialog';

/**
 * The desktop's order details: the details route drawn as a modal over the order history (an intercepted
 * navigation). Closing goes back to the history, where the list kept its place.
 */
export function PastOrderModal({ title, children }: { title: string; children: React.ReactNode }) {
  const router = useRouter();
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : router.back())} title={title} width="lg">
      {children}
    </Dialog>
  );
}
