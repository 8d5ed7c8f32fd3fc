'use client';

import { Minus, Plus } from 'lucide-react';
import { QUANTITY_MAX } from '@storefront/contracts/text';
import { cn } from '@/lib/cn';

/**
 * Quantity picker: minus disabled at the minimum (1 unless zero is allowed), plus disabled at max (default 20)
 * or when externally disabled.
 */
export function QuantityPicker({
  value,
  onChange,
  min = 1,
  max = QUANTITY_MAX,
  disabled = false,
  label,
  size = 'md',
}: {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
  /** What is counted, for screen readers ('Quantity of Classic Burger'). */
  label: string;
  size?: 'sm' | 'md';
}) {
  const button = cn(
    'grid place-items-center rounded-full border border-gray-400 bg-white text-gray-900 disabled:cursor-not-allowed disabled:opacity-40',
    // 44 px on touch screens (WCAG 2.5.5, as Olo and Toast size their steppers); a mouse gets the compact sizes.
    size === 'sm' ? 'size-8 pointer-coarse:size-11' : 'size-10 pointer-coarse:size-11',
  );
  return (
    <div role="group" aria-label={label} className="inline-flex items-center gap-3">
      <button
        type="button"
        className={button}
        aria-label="Decrease quantity"
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <output aria-live="polite" className="min-w-6 text-center font-semibold tabular-nums">
        {value}
      </output>
      <button
        type="button"
        className={button}
        aria-label="Increase quantity"
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}
