import type { PickupFieldAnswer } from '@storefront/contracts/locations';
import { cn } from '@/lib/cn';

/**
 * The guest's answers to the pickup option's additional fields, as label and answer (the tracking page's
 * pickup block, the kitchen ticket); nothing when there are none.
 */
export function PickupFieldAnswers({
  answers,
  className,
}: {
  answers: readonly PickupFieldAnswer[] | undefined;
  className?: string;
}) {
  if (!answers || answers.length === 0) return null;
  return (
    <dl className={cn('text-sm', className)}>
      {answers.map((a) => (
        <div key={a.id} className="flex flex-wrap gap-x-1">
          <dt>{a.label}:</dt>
          <dd className="font-semibold">{a.displayValue}</dd>
        </div>
      ))}
    </dl>
  );
}
