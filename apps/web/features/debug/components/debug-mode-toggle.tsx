'use client';

import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { DEBUG_MODE_COOKIE } from '@/lib/cookies';

/** Local-storage key of the debug flag (spec), mirrored in a cookie for the server. */
export const DEBUG_MODE_STORAGE_KEY = 'sf_debug_mode';

function writeFlag(on: boolean) {
  if (on) {
    window.localStorage.setItem(DEBUG_MODE_STORAGE_KEY, '1');
    document.cookie = `${DEBUG_MODE_COOKIE}=1; path=/; max-age=31536000; samesite=lax`;
  } else {
    window.localStorage.removeItem(DEBUG_MODE_STORAGE_KEY);
    document.cookie = `${DEBUG_MODE_COOKIE}=; path=/; max-age=0; samesite=lax`;
  }
}

/**
 * The debug mode switch, shown only where debug mode is allowed (outside production). On, every store counts
 * as online and closed stores can still be chosen, so the whole flow can be tried at any hour.
 */
export function DebugModeToggle({ initiallyOn }: { initiallyOn: boolean }) {
  const router = useRouter();
  // The guest's click shows at once; otherwise the server's reading (refreshed after every change) is shown.
  const [choice, setChoice] = useState<boolean | null>(null);
  const on = choice ?? initiallyOn;
  // The local-storage flag is the guest's choice: a cookie lost on its own is written again.
  useEffect(() => {
    const stored = window.localStorage.getItem(DEBUG_MODE_STORAGE_KEY) === '1';
    if (stored && !initiallyOn) {
      writeFlag(true);
      router.refresh();
    }
  }, [initiallyOn, router]);
  return (
    <label className="inline-flex items-center gap-2 self-start rounded-full border border-dashed border-gray-400 px-3 py-1 text-sm text-gray-800">
      <input
        type="checkbox"
        checked={on}
        onChange={(event) => {
          const next = event.target.checked;
          writeFlag(next);
          setChoice(next);
          router.refresh();
        }}
        className="size-4 accent-gray-900"
      />
      Debug mode (stores count as online and open)
    </label>
  );
}
