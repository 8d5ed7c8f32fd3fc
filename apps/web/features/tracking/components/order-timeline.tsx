import { Check } from 'lucide-react';
import type { OrderStatus } from '@storefront/contracts/enum-values';
import { isTerminalStatus, timelineStage } from '@storefront/contracts/tracking-stages';
import { cn } from '@/lib/cn';
import { timelineStages } from '../timeline';

const STATE_TEXT = { done: 'completed', current: 'in progress', upcoming: 'not started' } as const;

/**
 * The order's progress in four stages: done stages are filled (brand red while the order is under way, all
 * green once it is complete), the current stage pulses, upcoming stages are grey.
 */
export function OrderTimeline({
  statusId,
  stages,
}: {
  statusId: OrderStatus;
  stages?: readonly { stage: number; label: string }[];
}) {
  const items = timelineStages(statusId, stages);
  const complete = isTerminalStatus(timelineStage(statusId));
  return (
    <ol aria-label="Order progress" className="grid grid-cols-4 gap-2" data-complete={complete || undefined}>
      {items.map((item) => (
        <li
          key={item.stage}
          aria-current={item.state === 'current' ? 'step' : undefined}
          data-state={item.state}
          className="flex flex-col gap-2"
        >
          <span
            aria-hidden
            className={cn(
              'h-2 rounded-full',
              item.state === 'upcoming' && 'bg-gray-300',
              item.state !== 'upcoming' && (complete ? 'bg-green-700' : 'bg-brand'),
              item.state === 'current' && 'animate-stage-pulse',
            )}
          />
          <span
            className={cn(
              'flex items-start gap-1 text-xs font-semibold sm:text-sm',
              item.state === 'upcoming' ? 'text-gray-600' : 'text-gray-900',
            )}
          >
            {item.state === 'done' ? (
              <Check
                aria-hidden
                className={cn('mt-0.5 size-4 shrink-0', complete ? 'text-green-700' : 'text-brand')}
              />
            ) : null}
            {item.label}
          </span>
          <span className="sr-only">{STATE_TEXT[item.state]}</span>
        </li>
      ))}
    </ol>
  );
}
