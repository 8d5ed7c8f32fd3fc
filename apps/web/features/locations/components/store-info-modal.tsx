'use client';

import type { Store } from '@storefront/contracts/locations';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { formatDayHours, formatHolidayDate, formatHolidayHours } from '../business-hours';
import { ChangeLocationLink } from './change-location-link';
import { StoreContact } from './store-contact';

/** What the store info modal shows of a store: the page sends the browser these fields, not the whole store. */
export type StoreInfo = Pick<Store, 'name' | 'address' | 'contactInformation' | 'storeHours'>;

/**
 * The store info modal: name, address, phone, business hours per day (several periods a day, today marked),
 * upcoming holidays with their hours or CLOSED, and 'Change location'; on a phone also what the store header
 * folds away there. Loaded when opened (StoreInfoDialog).
 */
export function StoreInfoModal({
  store,
  hasOrderItems,
  open,
  setOpen,
  more,
}: {
  store: StoreInfo;
  hasOrderItems: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The store header's details folded in here on a phone (see StoreInfoDialog). */
  more?: React.ReactNode;
}) {
  const week = store.storeHours?.businessHours ?? [];
  const holidays = store.storeHours?.holidays ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen} title={store.name} width="lg">
      <div className="flex flex-col gap-5 text-sm text-gray-900">
        <StoreContact store={store} />
        {more ? <div className="flex flex-col gap-2">{more}</div> : null}

        <section aria-labelledby="store-hours-heading">
          <h3 id="store-hours-heading" className="mb-2 text-base font-bold">
            Business hours
          </h3>
          {week.length === 0 ? (
            <p className="text-gray-700">Business hours are not available right now.</p>
          ) : (
            <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200">
              {week.map((day) => (
                <li
                  key={day.weekday}
                  aria-current={day.isCurrentDay ? 'date' : undefined}
                  className={cn(
                    'flex justify-between gap-4 px-3 py-2',
                    day.isCurrentDay && 'bg-gray-100 font-bold',
                  )}
                >
                  <span>
                    {day.day}
                    {day.isCurrentDay ? ' (Today)' : ''}
                  </span>
                  <span className="flex flex-col text-right">
                    {formatDayHours(day.hours).map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        {holidays.length > 0 ? (
          <section aria-labelledby="store-holidays-heading">
            <h3 id="store-holidays-heading" className="mb-2 text-base font-bold">
              Upcoming holidays
            </h3>
            <ul className="divide-y divide-gray-200 rounded-xl border border-gray-200">
              {holidays.map((holiday) => (
                <li key={holiday.date} className="flex justify-between gap-4 px-3 py-2">
                  <span>
                    <span className="block font-semibold">{holiday.title}</span>
                    <span className="text-gray-700">{formatHolidayDate(holiday.date)}</span>
                  </span>
                  <span className="flex flex-col text-right">
                    {formatHolidayHours(holiday).map((line) => (
                      <span key={line}>{line}</span>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <ChangeLocationLink hasOrderItems={hasOrderItems} className="self-start" />
      </div>
    </Dialog>
  );
}
