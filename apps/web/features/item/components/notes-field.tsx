'use client';

import { NOTE_MAX } from '@storefront/contracts/text';

/** Item notes: at most 50 characters, one line (Enter is blocked; pasted line breaks become spaces). */
export function NotesField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="item-notes" className="text-lg font-bold">
        Notes
      </label>
      <textarea
        id="item-notes"
        name="notes"
        rows={2}
        maxLength={NOTE_MAX}
        value={value}
        aria-describedby="item-notes-count"
        placeholder="Add a note for the kitchen"
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.preventDefault();
        }}
        onChange={(e) => onChange(e.target.value.replace(/\r?\n|\r/g, ' ').slice(0, NOTE_MAX))}
        className="resize-none rounded-xl border border-gray-400 bg-white p-3 placeholder:text-gray-600"
      />
      <p id="item-notes-count" className="self-end text-sm text-gray-700">
        {value.length}/{NOTE_MAX}
      </p>
    </div>
  );
}
