'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { ACCOUNT_MESSAGES } from '@storefront/contracts/accounts';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import type { RepeatOrderResult } from '../account.actions';

/** The spec's generic failure (ordering section 8). */
export const REPEAT_FAILED = { title: 'An unexpected error occurred', message: 'Please try again.' } as const;
export const REPEAT_CONFIRM = {
  title: 'Repeat Order',
  message: 'The items of this order will be added to your order, at today’s prices.',
} as const;
export const MISSING_ITEMS_LEAD = 'These items are not available now and will be left out:';
export const NO_AVAILABLE_ITEM_TEXT = 'None of the items of this order can be ordered now.';

type Step =
  | { kind: 'idle' }
  | { kind: 'confirm' }
  | { kind: 'missing'; items: string[] }
  | { kind: 'none' }
  | { kind: 'failed'; message: string };

/**
 * 'Repeat Order': a confirm dialog, then the past order's items go into the order. Some items missing: 'Missing
 * items' lists them, Continue repeats without them, Cancel leaves everything as it was; none left: 'No available
 * item'. Success goes to the store's menu.
 */
export function RepeatOrderButton({
  pastOrderId,
  repeat,
  className,
}: {
  pastOrderId: number;
  repeat: (input: { pastOrderId: number; removeInvalidItems: boolean }) => Promise<RepeatOrderResult>;
  className?: string;
}) {
  const router = useRouter();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [pending, startTransition] = useTransition();
  const close = () => setStep({ kind: 'idle' });

  const run = (removeInvalidItems: boolean) =>
    startTransition(async () => {
      const result = await repeat({ pastOrderId, removeInvalidItems });
      if (result.ok) {
        router.push(result.data.href);
        return;
      }
      if (result.kind === 'missing') setStep({ kind: 'missing', items: result.items });
      else if (result.kind === 'none') setStep({ kind: 'none' });
      else setStep({ kind: 'failed', message: result.error });
    });

  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setStep({ kind: 'confirm' })}>
        Repeat Order
      </Button>
      <Dialog
        open={step.kind === 'confirm'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={REPEAT_CONFIRM.title}
        description={REPEAT_CONFIRM.message}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={() => run(false)} loading={pending}>
              Repeat Order
            </Button>
          </>
        }
      />
      <Dialog
        open={step.kind === 'missing'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={ACCOUNT_MESSAGES.missingItems}
        description={MISSING_ITEMS_LEAD}
        actions={
          <>
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button onClick={() => run(true)} loading={pending}>
              Continue
            </Button>
          </>
        }
      >
        <ul className="list-disc pl-6">
          {step.kind === 'missing' ? step.items.map((item, i) => <li key={`${i}-${item}`}>{item}</li>) : null}
        </ul>
      </Dialog>
      <Dialog
        open={step.kind === 'none'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={ACCOUNT_MESSAGES.noAvailableItem}
        description={NO_AVAILABLE_ITEM_TEXT}
        actions={<Button onClick={close}>Close</Button>}
      />
      <Dialog
        open={step.kind === 'failed'}
        onOpenChange={(open) => (open ? undefined : close())}
        title={REPEAT_FAILED.title}
        description={step.kind === 'failed' ? step.message : REPEAT_FAILED.message}
        actions={<Button onClick={close}>Close</Button>}
      />
    </>
  );
}
