'use client';

import { useEffect, useId, useRef, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { parseTip } from '@storefront/contracts/checkout-rules';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { useToast } from '@/components/ui/toast';
import { setDriverTip } from '../checkout.actions';

/**
 * The delivery driver's tip (DoordashDrive): defaulted to 10% of the subtotal when checkout loads (a failure
 * returns the guest to the store page), then editable.
 */
export function DriverTip({ tipAmount, storeHref }: { tipAmount: number | null; storeHref: string }) {
  const id = useId();
  const router = useRouter();
  const toast = useToast();
  const [value, setValue] = useState(tipAmount === null ? '' : tipAmount.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const defaulted = useRef(false);

  useEffect(() => {
    if (tipAmount !== null || defaulted.current) return;
    defaulted.current = true;
    void setDriverTip({ tipCents: null }).then((result) => {
      if (!result.ok) {
        toast('error', result.error ?? 'Please try again.');
        router.push(storeHref);
      } else router.refresh();
    });
  }, [tipAmount, router, storeHref, toast]);

  const save = () => {
    const parsed = parseTip(value);
    if (!parsed.ok) return setError('Please enter a valid tip');
    setError(null);
    startTransition(async () => {
      const result = await setDriverTip({ tipCents: parsed.cents ?? 0 });
      if (!result.ok) setError(result.error ?? 'Please try again.');
      else router.refresh();
    });
  };

  return (
    <div className="mt-3 flex flex-col gap-2">
      <p className="text-sm text-gray-800">
        Driver tip:{' '}
        {tipAmount === null ? (
          <span>calculating…</span>
        ) : (
          <Price dollars={tipAmount} className="font-semibold" />
        )}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <label htmlFor={`${id}-tip`} className="flex flex-col gap-1 text-sm font-semibold">
          Change driver tip ($)
          <input
            id={`${id}-tip`}
            inputMode="decimal"
            className="min-h-11 w-32 rounded-lg border border-gray-400 px-3 text-base font-normal"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <Button variant="secondary" loading={pending} onClick={save}>
          Update tip
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  );
}
