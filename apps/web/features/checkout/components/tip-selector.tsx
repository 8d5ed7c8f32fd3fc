'use client';

import { useId } from 'react';
import { formatCents } from '@storefront/contracts/money';
import { cn } from '@/lib/cn';
import { TIP_PERCENTS, formatTipInput, sanitizeTipInput } from '../tip';

interface TipOption {
  key: string;
  label: string;
  hint?: string;
  choice: TipChoice;
}

export type TipChoice =
  { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'custom'; value: string };

/** Pickup tip: no tip, 10/15/20 % of the item total, or a custom amount (up to 3 digits and 2 decimals). */
export function TipSelector({
  choice,
  onChange,
  subtotalCents,
}: {
  choice: TipChoice;
  onChange: (choice: TipChoice) => void;
  subtotalCents: number;
}) {
  const name = useId();
  const customId = useId();
  const options: TipOption[] = [
    { key: 'none', label: 'No Tip', choice: { kind: 'none' } },
    ...TIP_PERCENTS.map((percent): TipOption => ({
      key: `p${percent}`,
      label: `${percent}%`,
      hint: formatCents(Math.round((subtotalCents * percent) / 100)),
      choice: { kind: 'percent', percent },
    })),
    {
      key: 'custom',
      label: 'Custom',
      choice: { kind: 'custom', value: choice.kind === 'custom' ? choice.value : '' },
    },
  ];
  const selectedKey = choice.kind === 'percent' ? `p${choice.percent}` : choice.kind;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold">Tip</legend>
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        {options.map((option) => (
          <label
            key={option.key}
            className={cn(
              'flex min-h-11 cursor-pointer flex-col items-center justify-center whitespace-nowrap rounded-xl border-2 px-1 py-1 text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700',
              selectedKey === option.key
                ? 'border-button bg-button text-button-fg'
                : 'border-gray-300 bg-white text-gray-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.key}
              checked={selectedKey === option.key}
              onChange={() => onChange(option.choice)}
              className="sr-only"
            />
            <span>{option.label}</span>
            {option.hint ? <span className="text-xs font-normal">{option.hint}</span> : null}
          </label>
        ))}
      </div>
      {choice.kind === 'custom' ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={customId} className="text-sm font-semibold">
            Custom tip amount
          </label>
          <div className="flex items-center rounded-lg border border-gray-400 bg-white px-3 focus-within:outline focus-within:outline-3 focus-within:outline-blue-700">
            <span aria-hidden className="text-gray-700">
              $
            </span>
            <input
              id={customId}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={choice.value}
              onChange={(e) => onChange({ kind: 'custom', value: sanitizeTipInput(e.target.value) })}
              onBlur={(e) => onChange({ kind: 'custom', value: formatTipInput(e.target.value) })}
              className="min-h-11 w-full bg-transparent px-1 outline-none"
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}
