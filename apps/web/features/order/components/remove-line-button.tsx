'use client';

import { useTransition } from 'react';
import { Trash2 } from 'lucide-react';
import { useToast } from '@/components/ui/toast';
import { Spinner } from '@/components/ui/spinner';
import { removeOrderItem } from '../order.actions';

/** Removes one order line through the server action; the store page then re-renders the panel. */
export function RemoveLineButton({
  locationId,
  menuType,
  itemId,
  title,
}: {
  locationId: number;
  menuType: 'menu' | 'catering';
  itemId: number;
  title: string;
}) {
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  return (
    <button
      type="button"
      aria-label={`Remove ${title}`}
      disabled={pending}
      className="grid size-9 place-items-center rounded-full text-gray-700 hover:bg-gray-100 disabled:opacity-50"
      onClick={() =>
        startTransition(async () => {
          const result = await removeOrderItem({ locationId, menuType, itemId });
          if (!result.ok) toast('error', result.error);
        })
      }
    >
      {pending ? <Spinner label={`Removing ${title}`} /> : <Trash2 aria-hidden className="size-4" />}
    </button>
  );
}
