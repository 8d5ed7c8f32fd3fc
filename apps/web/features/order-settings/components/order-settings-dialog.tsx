'use client';

import { useId, useRef, useState, useTransition } from 'react';
import Link from 'next/link';
import { Tabs } from 'radix-ui';
import {
  FULFILLMENT_METHOD,
  FULFILLMENT_METHOD_LABEL,
  type FulfillmentMethod,
} from '@storefront/contracts/enum-values';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/toast';
import { AddressSearch, type ChosenPlace } from '@/features/locations/components/address-search';
import { checkDeliveryAddress, saveOrderSettings, type UnavailableLine } from '../order-settings.actions';
import {
  DELIVERY_AVAILABLE_MESSAGE,
  DELIVERY_CHECK_HINT,
  DELIVERY_UNAVAILABLE_MESSAGE,
} from '../delivery-messages';
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
  const [apartment, setApartment] = useState(settings.deliveryAddress?.line2 ?? '');
  const [refused, setRefused] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // 'Your order will change' hands focus back to Save Changes, what the guest pressed: returned to a tab trigger
  // instead (whatever had focus as it opened), focus would select that tab again and undo Cancel's restore.
  const saveButton = useRef<HTMLButtonElement>(null);
  const toast = useToast();
  const dropFmQuery = useDropFmQuery();
  const time = draftToTime(draft);
  const isDelivery = method === FULFILLMENT_METHOD.Delivery;
  const address = settings.deliveryAddress;
  // Delivery saves only with an address this store delivers to (the last one picked, if any, was accepted).
  const canSave = time !== null && (!isDelivery || (address !== null && refused === null));
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
        ...(isDelivery ? { apartment } : {}),
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
        width="lg"
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
            <Button
              ref={saveButton}
              disabled={!canSave}
              loading={pending && willChange === null}
              onClick={() => save()}
            >
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
                <DeliveryAddressBlock
                  locationId={settings.locationId}
                  catering={settings.catering}
                  address={address}
                  apartment={apartment}
                  onApartmentChange={setApartment}
                  refused={refused}
                  onRefusedChange={setRefused}
                />
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
        returnFocusTo={() => saveButton.current}
      />
      <InvalidDateDialog open={invalidDate} onClose={() => setInvalidDate(false)} />
    </>
  );
}

/**
 * The Delivery tab's address: the address box with suggestions (a picked place is checked against this store's
 * delivery zones at once), whether the store delivers there, and the Apartment field.
 */
function DeliveryAddressBlock({
  locationId,
  catering,
  address,
  apartment,
  onApartmentChange,
  refused,
  onRefusedChange: setRefused,
}: {
  locationId: number;
  catering: boolean;
  address: StoreOrderSettings['deliveryAddress'];
  apartment: string;
  onApartmentChange: (value: string) => void;
  /** Why the last picked place cannot be used (null: none was refused). */
  refused: string | null;
  onRefusedChange: (refused: string | null) => void;
}) {
  const apartmentId = useId();
  const deliverable = address !== null && refused === null;
  // Whether the store has answered for an address yet (one kept from before, or the one just picked): until
  // then the tab gives a hint, not 'Delivery unavailable to this address'.
  const checked = address !== null || refused !== null;
  const check = async (place: ChosenPlace) => {
    setRefused(null);
    const result = await checkDeliveryAddress({
      locationId,
      catering,
      address: {
        line1: place.line1,
        line2: apartment,
        city: place.city,
        stateCode: place.stateCode,
        zipCode: place.zipCode,
        latitude: place.latitude,
        longitude: place.longitude,
      },
    });
    if (!result.ok) setRefused(result.error);
  };
  return (
    <div className="flex flex-col gap-3">
      <AddressSearch
        label="Address *"
        placeholder="Enter delivery address"
        initialQuery={
          address ? [address.line1, address.city, address.stateCode].filter(Boolean).join(', ') : ''
        }
        method="delivery"
        onPlace={check}
      />
      {checked ? (
        <p
          role={deliverable ? 'status' : 'alert'}
          className={deliverable ? 'text-green-800' : 'text-red-800'}
        >
          {deliverable ? DELIVERY_AVAILABLE_MESSAGE : (refused ?? DELIVERY_UNAVAILABLE_MESSAGE)}
        </p>
      ) : (
        <p role="status" className="text-gray-700">
          {DELIVERY_CHECK_HINT}
        </p>
      )}
      <div className="flex flex-col gap-1">
        <label htmlFor={apartmentId} className="text-sm font-semibold text-gray-800">
          Apartment
        </label>
        <input
          id={apartmentId}
          value={apartment}
          maxLength={200}
          autoComplete="address-line2"
          onChange={(event) => onApartmentChange(event.target.value)}
          className="min-h-11 rounded-xl border border-gray-400 px-3"
        />
      </div>
    </div>
  );
}
