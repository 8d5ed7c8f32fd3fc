'use client';

import { formatCents, dollarsToCents } from '@storefront/contracts/money';
import type { MenuNode } from '@storefront/contracts/menu';
import { cn } from '@/lib/cn';

/** The id of the portion picker's fieldset, where Add to Order points the guest while no size is chosen. */
export const PORTION_PICKER_ID = 'portion-picker';

/**
 * The portion (size) picker: one radio per priced portion; 'Select a portion size' while none is chosen.
 * `invalid` marks it once the guest was told to choose here.
 */
export function PortionPicker({
  item,
  portionTitles,
  portionId,
  message,
  invalid = false,
  onChange,
}: {
  item: MenuNode;
  portionTitles: Readonly<Record<number, string>>;
  portionId: number | null;
  message: string | null;
  invalid?: boolean;
  onChange: (portionId: number) => void;
}) {
  const prices = (item.priceAttribute?.prices ?? []).filter(
    (p): p is typeof p & { portionTypeId: number } => p.portionTypeId !== null,
  );
  return (
    <fieldset
      id={PORTION_PICKER_ID}
      tabIndex={-1}
      aria-describedby={message ? 'portion-message' : undefined}
      aria-invalid={invalid || undefined}
      className={cn(
        'relative scroll-mt-24 rounded-2xl border bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2',
        invalid ? 'border-2 border-red-700' : 'border-gray-200',
      )}
    >
      <legend className="float-left w-full pr-28 text-lg font-bold">Size</legend>
      {portionId === null ? (
        <span className="absolute right-4 top-4 rounded-full bg-gray-900 px-3 py-1 text-sm font-semibold text-white">
          Required
        </span>
      ) : null}
      {message ? (
        <p id="portion-message" className="clear-left text-sm font-semibold text-red-700">
          {message}
        </p>
      ) : null}
      <div className="clear-left mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {prices.map((p) => {
          const id = `portion-${p.portionTypeId}`;
          const checked = portionId === p.portionTypeId;
          return (
            <div key={p.portionTypeId} className="relative">
              <input
                id={id}
                type="radio"
                name="portion"
                className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
                checked={checked}
                disabled={p.isOutOfStock}
                onChange={() => onChange(p.portionTypeId)}
              />
              <label
                htmlFor={id}
                className={cn(
                  'flex cursor-pointer flex-col items-center rounded-xl border-2 px-3 py-2 text-center peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700',
                  checked ? 'border-button bg-gray-50' : 'border-gray-200',
                  p.isOutOfStock && 'cursor-not-allowed text-gray-600',
                )}
              >
                <span className="font-semibold">
                  {portionTitles[p.portionTypeId] ?? `Size ${p.portionTypeId}`}
                </span>
                <span className="text-sm tabular-nums">
                  {p.isOutOfStock ? 'Not Available' : formatCents(dollarsToCents(p.price))}
                </span>
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
