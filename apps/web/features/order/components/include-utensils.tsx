'use client';

import { useOptimistic, useTransition } from 'react';
import { useToast } from '@/components/ui/toast';
import { setIncludeUtensils } from '../order.actions';

/** 'Include Utensils' in the My Order panel, saved in the order notes at once. */
export function IncludeUtensils({
  locationId,
  menuType,
  checked,
}: {
  locationId: number;
  menuType: 'menu' | 'catering';
  checked: boolean;
}) {
  // Shown at once; the refreshed order (or a failure) settles it.
  const [value, setValue] = useOptimistic(checked);
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 font-medium">
      <input
        type="checkbox"
        className="size-5 accent-button"
        checked={value}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.checked;
          startTransition(async () => {
            setValue(next);
            const result = await setIncludeUtensils({ locationId, menuType, includeUtensils: next });
            if (!result.ok) toast('error', result.error);
          });
        }}
      />
      Include Utensils
    </label>
  );
}
