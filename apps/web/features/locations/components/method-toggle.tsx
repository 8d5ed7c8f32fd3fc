import Link from 'next/link';
import { cn } from '@/lib/cn';
import { searchHref, type SearchMethod } from '../search-state';

const LABEL: Record<SearchMethod, string> = { pickup: 'Pickup', delivery: 'Delivery' };

/** The Pickup/Delivery switch; drawn only when both methods exist. */
export function MethodToggle({ methods, current }: { methods: SearchMethod[]; current: SearchMethod }) {
  if (!(methods.includes('pickup') && methods.includes('delivery'))) return null;
  return (
    <nav aria-label="Fulfillment method" className="inline-flex rounded-full bg-gray-200 p-1">
      {(['pickup', 'delivery'] as const).map((method) => (
        <Link
          key={method}
          href={searchHref({ query: '', method })}
          aria-current={method === current ? 'page' : undefined}
          className={cn(
            'rounded-full px-4 py-1.5 text-sm font-semibold',
            method === current ? 'bg-button text-button-fg' : 'text-gray-900',
          )}
        >
          {LABEL[method]}
        </Link>
      ))}
    </nav>
  );
}
