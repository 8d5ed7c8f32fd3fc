import { TriangleAlert } from 'lucide-react';
import type { AlertMessageService } from '@storefront/contracts/locations';

/**
 * The store's service alert (title and serviceAlert from the location's alert service): always shown in full,
 * tighter on a phone so that the menu still starts in the first screen.
 */
export function StoreAlertBanner({ alert }: { alert: AlertMessageService | null | undefined }) {
  if (!alert || (!alert.title && !alert.serviceAlert)) return null;
  return (
    <section
      aria-label="Store alert"
      className="mx-4 mt-1 flex gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 md:mt-3 md:gap-3 md:p-3"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 md:size-5" />
      <div>
        {alert.title ? <p className="font-bold">{alert.title}</p> : null}
        {alert.serviceAlert ? <p>{alert.serviceAlert}</p> : null}
      </div>
    </section>
  );
}
