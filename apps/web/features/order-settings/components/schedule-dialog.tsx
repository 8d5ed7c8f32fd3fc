'use client';

import { useState, useTransition } from 'react';
import { FULFILLMENT_METHOD } from '@storefront/contracts/enum-values';
import type { OrderTime } from '@storefront/contracts/order-settings';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { saveOrderSettings } from '../order-settings.actions';
import { InvalidDateDialog } from './invalid-date-dialog';
import { ScheduleFields, draftToTime, type ScheduleDraft } from './schedule-fields';
import type { ScheduleContext } from '@/lib/schedule-context';

const toDraft = (time: OrderTime, required: boolean): ScheduleDraft =>
  time.kind === 'SCHEDULED' ? time : required ? { kind: 'SCHEDULED', at: null } : { kind: 'ASAP' };

/**
 * The schedule modal (checkout spec sections 2 and 9): 'Pickup Time' or 'Delivery Time', 513 px high on
 * desktop and 612 px on mobile; 'Save changes' is disabled while the schedule is invalid.
 */
export function ScheduleDialog({
  open,
  onOpenChange,
  context,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  context: ScheduleContext;
  onSaved?: () => void;
}) {
  const [draft, setDraft] = useState<ScheduleDraft>(() => toDraft(context.time, context.schedulingRequired));
  const [invalidDate, setInvalidDate] = useState(false);
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const time = draftToTime(draft);
  const title = context.fulfillmentMethod === FULFILLMENT_METHOD.Delivery ? 'Delivery Time' : 'Pickup Time';

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title={title}
        className="flex h-[612px] flex-col md:h-[513px]"
        actions={
          <Button
            disabled={time === null}
            loading={pending}
            onClick={() =>
              startTransition(async () => {
                if (!time) return;
                const result = await saveOrderSettings({
                  locationId: context.locationId,
                  catering: context.catering,
                  fulfillmentMethod: context.fulfillmentMethod,
                  time,
                  // The method stays as it is: no line can become unavailable here.
                  confirmed: true,
                });
                if (result.ok) {
                  onOpenChange(false);
                  onSaved?.();
                } else if (result.reason === 'invalid-date') {
                  setDraft(toDraft({ kind: 'ASAP' }, context.schedulingRequired));
                  onOpenChange(false);
                  setInvalidDate(true);
                } else if (result.reason === 'unexpected') {
                  toast('error', result.error);
                }
              })
            }
          >
            Save changes
          </Button>
        }
      >
        <ScheduleFields
          {...context}
          required={context.schedulingRequired}
          draft={draft}
          onDraftChange={setDraft}
        />
      </Dialog>
      <InvalidDateDialog open={invalidDate} onClose={() => setInvalidDate(false)} />
    </>
  );
}
