'use client';

import { useId } from 'react';

/**
 * 'Text me order updates': on, the order is placed with SMS (2) among its guest notification types (spec:
 * SMS opt-in adds SMS as a guest notification type).
 */
export function SmsAlertToggle({ checked, onChange }: { checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="mt-3 flex items-center justify-between gap-3">
      <label id={`${id}-label`} htmlFor={id} className="text-sm font-semibold text-gray-900">
        Text me updates about my order (SMS)
      </label>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        // Named by its label either way: HTML_CodeSniffer takes a button's name only from its text, title or
        // ARIA attributes, not from a <label for> (the conformance journey ran it on /payment once the switch showed).
        aria-labelledby={`${id}-label`}
        onClick={() => onChange(!checked)}
        className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 border-transparent bg-gray-400 transition-colors outline-offset-2 aria-checked:bg-brand motion-reduce:transition-none"
      >
        <span
          aria-hidden
          className={`inline-block size-6 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${checked ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </button>
    </div>
  );
}
