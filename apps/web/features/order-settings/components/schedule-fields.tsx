'use client';

import { useEffect, useId, useState } from 'react';
import type { FulfillmentMethod } from '@storefront/contracts/enum-values';
import type { OrderTime } from '@storefront/contracts/order-settings';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DATE_FORMAT, formatInZone, formatLocalDate } from '@/lib/dates';

interface Day {
  date: string;
  times: string[];
}

/** The schedule being edited: ASAP, or SCHEDULED with a time once one is picked (null until then). */
export type ScheduleDraft = { kind: 'ASAP' } | { kind: 'SCHEDULED'; at: string | null };

export const NO_TIME_MESSAGE = 'There is no time available for a selected date';

async function fetchDays(
  query: { locationId: number; fulfillmentMethod: FulfillmentMethod; catering: boolean; customDate?: string },
  signal: AbortSignal,
): Promise<Day[]> {
  const params = new URLSearchParams({
    locationId: String(query.locationId),
    fulfillmentMethod: String(query.fulfillmentMethod),
    catering: String(query.catering),
    ...(query.customDate ? { customDate: query.customDate } : {}),
  });
  const res = await fetch(`/api/order-times?${params}`, { signal });
  const body = (await res.json()) as { days?: Day[] };
  return body.days ?? [];
}

/** The draft as a savable time, or null while it is invalid (scheduled without a time). */
export function draftToTime(draft: ScheduleDraft): OrderTime | null {
  if (draft.kind === 'ASAP') return { kind: 'ASAP' };
  return draft.at ? { kind: 'SCHEDULED', at: draft.at } : null;
}

/**
 * ASAP or a scheduled ready time (checkout spec section 4, Schedule): choosing ASAP clears the time; a date
 * change reloads that date's times; a date without times shows the spec's message with Reset. ASAP is not
 * offered when scheduling is required.
 */
export function ScheduleFields({
  locationId,
  catering,
  fulfillmentMethod,
  timeZone,
  required,
  asapMinutes,
  draft,
  onDraftChange,
}: {
  locationId: number;
  catering: boolean;
  fulfillmentMethod: FulfillmentMethod;
  timeZone: string;
  required: boolean;
  asapMinutes: number;
  draft: ScheduleDraft;
  onDraftChange: (draft: ScheduleDraft) => void;
}) {
  const id = useId();
  const [days, setDays] = useState<Day[] | null>(null);
  const [date, setDate] = useState<string | null>(
    draft.kind === 'SCHEDULED' && draft.at ? draft.at.slice(0, 10) : null,
  );
  const [timesByDate, setTimesByDate] = useState<Record<string, string[]>>({});
  const times = date ? (timesByDate[date] ?? null) : null;
  const scheduled = draft.kind === 'SCHEDULED';

  // The coming days with their times, once scheduling is chosen.
  useEffect(() => {
    if (!scheduled || days) return;
    const controller = new AbortController();
    fetchDays({ locationId, fulfillmentMethod, catering }, controller.signal)
      .then((list) => {
        setDays(list);
        const first = list.find((d) => d.times.length > 0);
        setDate((current) => current ?? first?.date ?? list[0]?.date ?? null);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [scheduled, days, locationId, fulfillmentMethod, catering]);

  // A date change reloads its times (spec).
  useEffect(() => {
    if (!scheduled || !date) return;
    const controller = new AbortController();
    fetchDays({ locationId, fulfillmentMethod, catering, customDate: date }, controller.signal)
      .then((list) =>
        setTimesByDate((known) => ({ ...known, [date]: list.find((d) => d.date === date)?.times ?? [] })),
      )
      .catch(() => undefined);
    return () => controller.abort();
  }, [scheduled, date, locationId, fulfillmentMethod, catering]);

  const dateOptions = days?.map((d) => d.date) ?? [];
  if (date && days && !dateOptions.includes(date)) dateOptions.unshift(date);
  const at = draft.kind === 'SCHEDULED' ? draft.at : null;

  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-semibold">When</legend>
        {required ? null : (
          <label className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name={`${id}-kind`}
              className="size-5 accent-button"
              checked={!scheduled}
              onChange={() => onDraftChange({ kind: 'ASAP' })}
            />
            <span>
              ASAP <span className="text-gray-700">(about {asapMinutes} mins)</span>
            </span>
          </label>
        )}
        <label className="flex min-h-11 cursor-pointer items-center gap-3">
          <input
            type="radio"
            name={`${id}-kind`}
            className="size-5 accent-button"
            checked={scheduled}
            onChange={() => onDraftChange({ kind: 'SCHEDULED', at: null })}
          />
          <span>Schedule for later</span>
        </label>
        {required ? (
          <p className="text-sm text-gray-700">This order has to be scheduled: choose a date and time.</p>
        ) : null}
      </fieldset>

      {scheduled ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-date`}>
            Date
            <select
              id={`${id}-date`}
              className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal"
              value={date ?? ''}
              disabled={!days}
              onChange={(event) => {
                setDate(event.target.value);
                onDraftChange({ kind: 'SCHEDULED', at: null });
              }}
            >
              {days ? null : <option value="">Loading…</option>}
              {dateOptions.map((d) => (
                <option key={d} value={d}>
                  {formatLocalDate(d)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-time`}>
            Time
            <select
              id={`${id}-time`}
              className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal"
              value={at ?? ''}
              disabled={!times || times.length === 0}
              onChange={(event) => onDraftChange({ kind: 'SCHEDULED', at: event.target.value || null })}
            >
              <option value="">{times ? 'Select a time' : 'Loading…'}</option>
              {(times ?? []).map((t) => (
                <option key={t} value={t}>
                  {formatInZone(t, timeZone, DATE_FORMAT.time)}
                </option>
              ))}
            </select>
          </label>
          {!times && date ? <Spinner label="Loading times" /> : null}
          {times && times.length === 0 ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <p className="text-red-800">{NO_TIME_MESSAGE}</p>
              <Button
                variant="secondary"
                onClick={() => {
                  const first = days?.find((d) => d.times.length > 0);
                  setDate(first?.date ?? null);
                  onDraftChange(required ? { kind: 'SCHEDULED', at: null } : { kind: 'ASAP' });
                }}
              >
                Reset
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
