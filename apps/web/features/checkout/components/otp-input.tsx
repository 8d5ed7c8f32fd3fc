'use client';

import { useRef } from 'react';
import { cn } from '@/lib/cn';

/**
 * Single-digit boxes of a one-time code (checkout spec: OTP input). Typing a digit moves on, Backspace on an empty
 * box moves back (and clears the one before), a paste anywhere fills every box from its digits. The first box
 * carries autocomplete="one-time-code" so a phone offers the texted code; each box is labelled 'Digit n of N'.
 */
export function OtpInput({
  values,
  onChange,
  invalid,
  describedBy,
  disabled,
  label,
}: {
  values: string[];
  onChange: (values: string[]) => void;
  invalid: boolean;
  describedBy?: string;
  disabled?: boolean;
  label: string;
}) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(values.length - 1, index))]?.focus();

  function fill(from: number, digits: string) {
    const next = [...values];
    let at = from;
    for (const digit of digits) {
      if (at >= next.length) break;
      next[at] = digit;
      at += 1;
    }
    onChange(next);
    focus(at);
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="font-semibold text-gray-900">{label}</legend>
      <div className="flex gap-2">
        {values.map((value, index) => (
          <input
            // The boxes never reorder: the index is their identity.
            key={index}
            ref={(el) => {
              boxes.current[index] = el;
            }}
            value={value}
            disabled={disabled}
            inputMode="numeric"
            pattern="[0-9]"
            maxLength={1}
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={`Digit ${index + 1} of ${values.length}`}
            aria-invalid={invalid || undefined}
            className={cn(
              'size-11 rounded-lg border bg-white text-center text-xl font-semibold',
              invalid ? 'border-red-700 text-red-700 ring-1 ring-red-700' : 'border-gray-400 text-gray-900',
            )}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '');
              if (digits.length > 1) {
                fill(index, digits);
                return;
              }
              const next = [...values];
              next[index] = digits;
              onChange(next);
              if (digits) focus(index + 1);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Backspace' && !values[index] && index > 0) {
                e.preventDefault();
                const next = [...values];
                next[index - 1] = '';
                onChange(next);
                focus(index - 1);
              } else if (e.key === 'ArrowLeft') focus(index - 1);
              else if (e.key === 'ArrowRight') focus(index + 1);
            }}
            onPaste={(e) => {
              const digits = e.clipboardData.getData('text').replace(/\D/g, '');
              if (!digits) return;
              e.preventDefault();
              fill(digits.length >= values.length ? 0 : index, digits);
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}
