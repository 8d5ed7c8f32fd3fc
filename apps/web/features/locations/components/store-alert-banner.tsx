import { TriangleAlert } from 'lucide-react';
import type { AlertMessageService } from '@storefront/contracts/locations';

/** The store's service alert (title and serviceAlert from the location's alert service). */
export function StoreAlertBanner({ alert }: { alert: AlertMessageService | null | undefined }) {
  if (!alert || (!alert.title && !alert.serviceAlert)) return null;
  return (
    <section
      aria-label="Store alert"
      className="mx-4 mt-3 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
      <div>
        {alert.title ? <p className="font-bold">{alert.title}</p> : null}
        {alert.serviceAlert ? <p>{alert.serviceAlert}</p> : null}
      </div>
    </section>
  );
}
