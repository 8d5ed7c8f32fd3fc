import type { StoreStatus } from '@storefront/contracts/enums';
import { cn } from '@/lib/cn';

const tone: Record<StoreStatus, string> = {
  Open: 'bg-green-100 text-green-900 ring-green-700/30',
  'Closes Soon': 'bg-amber-100 text-amber-950 ring-amber-700/30',
  Closed: 'bg-gray-200 text-gray-900 ring-gray-600/30',
};

/** The store status chip (Open, Closes Soon, Closed) with its description beside it. */
export function StoreStatusChip({
  status,
  description,
  className,
}: {
  status: StoreStatus;
  description?: string | null;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-2 text-sm', className)}>
      <span
        data-testid="store-status"
        className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', tone[status])}
      >
        {status}
      </span>
      {description ? <span className="text-gray-700">{description}</span> : null}
    </span>
  );
}
