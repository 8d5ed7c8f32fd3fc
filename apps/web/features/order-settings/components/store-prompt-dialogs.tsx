'use client';

import { useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useDropFmQuery } from '../hooks/use-drop-fm-query';
import { FULFILLMENT_METHOD_LABEL } from '@storefront/contracts/enum-values';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { saveOrderSettings } from '../order-settings.actions';
import type { StoreOrderSettings } from '../order-settings.queries';
import { ScheduleDialog } from './schedule-dialog';

const SEARCH = '/search-locations';

/**
 * The prompt a store page opens on arrival when the guest cannot order as things stand (ordering spec
 * sections 4 and 8): store offline, the chosen method missing, store closed (schedule or search).
 */
export function StorePromptDialogs({ settings }: { settings: StoreOrderSettings }) {
  const prompt = settings.prompt;
  const router = useRouter();
  const toast = useToast();
  const dropFmQuery = useDropFmQuery();
  const [open, setOpen] = useState(prompt !== null);
  const [scheduling, setScheduling] = useState(false);
  const [pending, startTransition] = useTransition();
  if (!prompt) return null;
  const toSearch = () => router.push(SEARCH);

  if (prompt.kind === 'offline') {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? undefined : toSearch())}
        title="Store is offline"
        description={
          <>
            <span className="block">Please, come back in a few minutes</span>
            <span className="block">You can search for another nearby location as well</span>
          </>
        }
        actions={<Button onClick={toSearch}>Search Locations</Button>}
      />
    );
  }

  if (prompt.kind === 'closed-search') {
    return (
      <Dialog
        open={open}
        onOpenChange={(next) => (next ? undefined : toSearch())}
        title="Please, don't go away"
        description="You can search for another nearby location."
        actions={<Button onClick={toSearch}>Search Locations</Button>}
      />
    );
  }

  if (prompt.kind === 'closed-schedule') {
    const method = settings.fulfillmentMethod;
    return (
      <>
        <Dialog
          open={open}
          // Any close other than 'Schedule an Order' goes to the search page (spec section 8).
          onOpenChange={(next) => (next ? undefined : toSearch())}
          title="Store Closed!"
          description="The location is not available to order now. You can Schedule the Order or search for another Store"
          actions={
            <>
              <Button variant="secondary" onClick={toSearch}>
                Change location
              </Button>
              <Button
                disabled={method === null}
                onClick={() => {
                  setOpen(false);
                  setScheduling(true);
                }}
              >
                Schedule an Order
              </Button>
            </>
          }
        />
        {method !== null ? (
          <ScheduleDialog
            open={scheduling}
            onOpenChange={(next) => {
              setScheduling(next);
              // Leaving the schedule without a time brings the closed-store prompt back.
              if (!next) setOpen(true);
            }}
            onSaved={() => setOpen(false)}
            context={{ ...settings, fulfillmentMethod: method }}
          />
        ) : null}
      </>
    );
  }

  const requested = FULFILLMENT_METHOD_LABEL[prompt.requested];
  const switchTo = prompt.switchTo;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={`${requested} not available`}
      description={`This store does not offer ${requested.toLowerCase()}.`}
      actions={
        <>
          <Button variant="secondary" onClick={toSearch}>
            Change location
          </Button>
          {switchTo !== null ? (
            <Button
              loading={pending}
              onClick={() =>
                startTransition(async () => {
                  const result = await saveOrderSettings({
                    locationId: settings.locationId,
                    catering: settings.catering,
                    fulfillmentMethod: switchTo,
                    time: settings.time,
                    // The store lacks the method asked for: switching is the only way to order here.
                    confirmed: true,
                  });
                  if (!result.ok)
                    return toast('error', 'error' in result ? result.error : 'Please try again.');
                  setOpen(false);
                  // fm= preselected the missing method: drop it so the saved choice holds.
                  dropFmQuery();
                })
              }
            >
              {`Switch to ${FULFILLMENT_METHOD_LABEL[switchTo]}`}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
