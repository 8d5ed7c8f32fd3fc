'use client';

import { useState, useTransition } from 'react';
import Link from 'next/link';
import { Tabs } from 'radix-ui';
import {
  FULFILLMENT_METHOD,
  FULFILLMENT_METHOD_LABEL,
  type FulfillmentMethod,
} from '@storefront/contracts/enums';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { saveOrderSettings, type UnavailableLine } from '../order-settings.actions';
import type { StoreOrderSettings } from '../order-settings.queries';
import { InvalidDateDialog } from './invalid-date-dialog';
import { useDropFmQuery } from '../hooks/use-drop-fm-query';
import { WillChangeDialog } from './will-change-dialog';
import { ScheduleFields, draftToTime, type ScheduleDraft } from './schedule-fields';

/**
 * The Order Settings modal (ordering spec sections 2 and 4): Pickup and Delivery tabs (those the store offers),
 * the delivery address, the schedule, Save Changes (for delivery only with an address the store delivers to),
 * and a link to the main menu (catering) or to change location.
 */
export function OrderSettingsDialog({
  open,
  onOpenChange,
  settings,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  settings: StoreOrderSettings & { fulfillmentMethod: FulfillmentMethod };
}) {
  const savedDraft: ScheduleDraft =
    settings.time.kind === 'SCHEDULED'
      ? settings.time
      : settings.schedulingRequired
        ? { kind: 'SCHEDULED', at: null }
        : { kind: 'ASAP' };
  const [method, setMethod] = useState<FulfillmentMethod>(settings.fulfillmentMethod);
  const [draft, setDraft] = useState<ScheduleDraft>(savedDraft);
  const [invalidDate, setInvalidDate] = useState(false);
  const [willChange, setWillChange] = useState<UnavailableLine[] | null>(null);
  const [pending, startTransition] = useTransition();
  const toast = useToast();
  const dropFmQuery = useDropFmQuery();
  const time = draftToTime(draft);
  const isDelivery = method === FULFILLMENT_METHOD.Delivery;
  const address = settings.deliveryAddress;
  const canSave = time !== null && (!isDelivery || address !== null);
  const methods = settings.enabledMethods.filter(
    (m) => m === FULFILLMENT_METHOD.Pickup || m === FULFILLMENT_METHOD.Delivery,
  );

  const save = (confirmed = false) =>
    startTransition(async () => {
      if (!time) return;
      const result = await saveOrderSettings({
        locationId: settings.locationId,
        catering: settings.catering,
        fulfillmentMethod: method,
        time,
        confirmed,
      });
      if (result.ok) {
        setWillChange(null);
        onOpenChange(false);
        dropFmQuery();
      } else if (result.reason === 'will-change') setWillChange(result.items);
      else if (result.reason === 'invalid-date') {
        setWillChange(null);
        setDraft(settings.schedulingRequired ? { kind: 'SCHEDULED', at: null } : { kind: 'ASAP' });
        onOpenChange(false);
        setInvalidDate(true);
      } else {
        setWillChange(null);
        toast('error', result.error);
      }
    });
  // Cancel on 'Your order will change' puts back the method and time the order has.
  const cancelChange = () => {
    setWillChange(null);
    setMethod(settings.fulfillmentMethod);
    setDraft(savedDraft);
  };

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        title="Order Settings"
        className="max-w-lg"
        actions={
          <>
            {settings.catering ? (
              <Link
                href={`/${settings.locationId}/menu`}
                className="mr-auto self-center text-sm font-semibold underline underline-offset-4"
              >
                Switch to the main menu
              </Link>
            ) : (
              <Link
                href="/search-locations"
                className="mr-auto self-center text-sm font-semibold underline underline-offset-4"
              >
                Change location
              </Link>
            )}
            <Button disabled={!canSave} loading={pending && willChange === null} onClick={() => save()}>
              Save Changes
            </Button>
          </>
        }
      >
        <Tabs.Root
          value={String(method)}
          onValueChange={(value) => setMethod(Number(value) as FulfillmentMethod)}
        >
          <Tabs.List aria-label="Fulfillment method" className="mb-4 flex gap-2 rounded-full bg-gray-100 p-1">
            {methods.map((m) => (
              <Tabs.Trigger
                key={m}
                value={String(m)}
                className="min-h-10 flex-1 rounded-full px-4 font-semibold text-gray-800 data-[state=active]:bg-white data-[state=active]:text-gray-900 data-[state=active]:shadow"
              >
                {FULFILLMENT_METHOD_LABEL[m]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {methods.map((m) => (
            <Tabs.Content key={m} value={String(m)} className="flex flex-col gap-4">
              {m === FULFILLMENT_METHOD.Delivery ? (
                <DeliveryAddressBlock address={address} />
              ) : (
                <p className="text-gray-700">Pick up your order at the store.</p>
              )}
              {m === method ? (
                <ScheduleFields
                  locationId={settings.locationId}
                  catering={settings.catering}
                  fulfillmentMethod={m}
                  timeZone={settings.timeZone}
                  required={settings.schedulingRequired}
                  asapMinutes={settings.asapMinutes}
                  draft={draft}
                  onDraftChange={setDraft}
                />
              ) : null}
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Dialog>
      <WillChangeDialog
        items={willChange}
        fulfillmentMethod={method}
        pending={pending}
        onContinue={() => save(true)}
        onCancel={cancelChange}
      />
      <InvalidDateDialog open={invalidDate} onClose={() => setInvalidDate(false)} />
    </>
  );
}

function DeliveryAddressBlock({ address }: { address: StoreOrderSettings['deliveryAddress'] }) {
  if (!address) {
    return (
      <div className="flex flex-col gap-2">
        <p className="font-semibold">
          Address <span aria-hidden>*</span>
        </p>
        <p role="alert" className="text-red-800">
          Delivery unavailable to this address
        </p>
        <Link
          href="/search-locations?method=delivery"
          className="self-start font-semibold underline underline-offset-4"
        >
          Enter a delivery address
        </Link>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <p className="font-semibold">Deliver to</p>
      <p>
        {address.line1}
        {address.line2 ? `, ${address.line2}` : ''}
      </p>
      <p className="text-gray-700">
        {[address.city, address.stateCode, address.zipCode].filter(Boolean).join(', ')}
      </p>
      <p className="text-green-800">Delivery is available to this address</p>
    </div>
  );
}
