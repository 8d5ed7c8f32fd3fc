'use client';

import { useId } from 'react';
import { useRouter } from 'next/navigation';

export const SELECT_A_MENU = 'Select a Menu';

export interface BrandOption {
  value: string;
  label: string;
  href: string;
}

/** The mobile 'Select a Menu' dropdown (template 'name'): choosing a menu loads the filtered store page. */
export function BrandSelect({ options, value }: { options: BrandOption[]; value: string }) {
  const router = useRouter();
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        {SELECT_A_MENU}
      </label>
      <select
        id={id}
        key={value}
        defaultValue={value}
        onChange={(event) => {
          const option = options.find((o) => o.value === event.target.value);
          if (option) router.push(option.href, { scroll: false });
        }}
        className="h-11 w-full rounded-xl border border-gray-400 bg-white px-3 text-base text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gray-900"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
