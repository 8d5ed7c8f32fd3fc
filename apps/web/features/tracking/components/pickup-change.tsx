'use client';

import { useId, useState } from 'react';
import { useRouter } from 'next/navigation';
import type { PickupType } from '@storefront/contracts/enum-values';
import type { TrackingFulfillment, TrackingPickupMethod } from '@storefront/contracts/tracking';
import {
  PICKUP_OPTION_LABEL,
  keptPickupFields,
  pickupChoiceError,
  pickupFieldErrors,
  sortPickupOptions,
} from '@storefront/contracts/pickup';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PickupFieldInputs, pickupFieldInputId } from '@/components/ui/pickup-field-inputs';
import { VehicleSelect } from '@/components/ui/vehicle-select';
import { useToast } from '@/components/ui/toast';

export const PICKUP_UPDATED = 'Order updated! Your new pickup option was sent to the store';
export const PICKUP_UPDATE_FAILED = 'Error updating pickup data';

const fieldClass = 'min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal';

/**
 * The pickup option change after ordering (checkout spec section 4): the store's options sorted walk-in,
 * drive-thru, curbside, with car details and parking spot as each needs, and the chosen option's additional
 * fields (section 5) filled with the guest's answers so far; Confirm sends PUT /fulfillment-order.
 * Success and failure both close the modal, with the spec's toasts.
 */
export function PickupChange({
  orderId,
  trackingToken,
  fulfilment,
}: {
  orderId: number;
  trackingToken: string;
  fulfilment: TrackingFulfillment;
}) {
  const id = useId();
  const router = useRouter();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [methods, setMethods] = useState<TrackingPickupMethod[] | null>(null);
  const [option, setOption] = useState<PickupType>(fulfilment.pickupOption ?? 0);
  const [carType, setCarType] = useState(fulfilment.carType === null ? '' : String(fulfilment.carType));
  const [carColor, setCarColor] = useState(fulfilment.carColor === null ? '' : String(fulfilment.carColor));
  const [spot, setSpot] = useState(fulfilment.fulfillmentPlace ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries((fulfilment.additionalFields ?? []).map((a) => [a.id, a.value])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const headers = { authorization: `Bearer ${trackingToken}` };

  const openModal = async () => {
    setOpen(true);
    if (methods) return;
    const res = await fetch(`/tracking-settings?orderId=${orderId}`, { headers });
    if (!res.ok) {
      setOpen(false);
      toast('error', PICKUP_UPDATE_FAILED);
      return;
    }
    const body = (await res.json()) as {
      fulfillmentSettings: { availablePickupMethods: TrackingPickupMethod[] };
    };
    setMethods(sortPickupOptions(body.fulfillmentSettings.availablePickupMethods));
  };

  const method = methods?.find((m) => m.pickupOption === option);
  const fields = method?.additionalFields ?? [];
  const needsCar = option !== 0;
  const needsSpot = option === 1;
  const choice = {
    pickupOption: option,
    carType: needsCar && carType !== '' ? Number(carType) : null,
    carColor: needsCar && carColor !== '' ? Number(carColor) : null,
    fulfillmentPlace: needsSpot && spot.trim() !== '' ? spot.trim() : null,
    // Only an option with additional fields sends answers (the API drops answers the option does not ask).
    additionalFields:
      fields.length > 0
        ? keptPickupFields(
            fields,
            Object.entries(answers).map(([fieldId, value]) => ({ id: fieldId, value })),
          )
        : undefined,
  };

  const confirm = async () => {
    const problem = methods ? pickupChoiceError(methods, choice) : null;
    if (problem) return setError(problem.message);
    const invalid = pickupFieldErrors(fields, choice.additionalFields ?? []);
    setFieldErrors(invalid);
    const [firstInvalid] = Object.keys(invalid);
    if (firstInvalid !== undefined) {
      setError(null);
      document.getElementById(pickupFieldInputId(id, firstInvalid))?.focus();
      return;
    }
    setError(null);
    setPending(true);
    const body = Object.fromEntries(Object.entries(choice).filter(([, v]) => v !== null && v !== undefined));
    const res = await fetch(`/fulfillment-order?orderId=${orderId}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => null);
    setPending(false);
    setOpen(false);
    if (res?.ok) {
      toast('success', PICKUP_UPDATED);
      router.refresh();
    } else toast('error', PICKUP_UPDATE_FAILED);
  };

  return (
    <>
      <Button variant="secondary" className="mt-3" onClick={() => void openModal()}>
        Change pickup option
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Change pickup option"
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button loading={pending} disabled={!methods} onClick={() => void confirm()}>
              Confirm
            </Button>
          </>
        }
      >
        {methods ? (
          <div className="flex flex-col gap-4">
            <fieldset className="flex flex-col gap-1">
              <legend className="mb-1 font-semibold">How will you pick up?</legend>
              {methods.map((m) => (
                <label key={m.pickupOption} className="flex min-h-11 cursor-pointer items-center gap-3">
                  <input
                    type="radio"
                    name={`${id}-option`}
                    className="size-5 accent-button"
                    checked={option === m.pickupOption}
                    onChange={() => {
                      setOption(m.pickupOption);
                      setError(null);
                    }}
                  />
                  <span>
                    {PICKUP_OPTION_LABEL[m.pickupOption]}
                    {m.notes ? <span className="block text-sm text-gray-700">{m.notes}</span> : null}
                  </span>
                </label>
              ))}
            </fieldset>
            {needsCar ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <VehicleSelect kind="type" id={`${id}-type`} value={carType} onChange={setCarType} />
                <VehicleSelect kind="color" id={`${id}-color`} value={carColor} onChange={setCarColor} />
              </div>
            ) : null}
            {needsSpot ? (
              <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-spot`}>
                <span>
                  Parking spot
                  {method?.parkingSpaceRange ? (
                    <span className="font-normal text-gray-700">
                      {' '}
                      ({method.parkingSpaceRange[0]} to {method.parkingSpaceRange[1]})
                    </span>
                  ) : null}
                </span>
                <input
                  id={`${id}-spot`}
                  className={fieldClass}
                  inputMode="numeric"
                  value={spot}
                  onChange={(e) => setSpot(e.target.value)}
                />
              </label>
            ) : null}
            <PickupFieldInputs
              idPrefix={id}
              fields={fields}
              answers={answers}
              errors={fieldErrors}
              onChange={(fieldId, value) => {
                setAnswers((a) => ({ ...a, [fieldId]: value }));
                setFieldErrors(({ [fieldId]: _cleared, ...rest }) => rest);
              }}
            />
            {error ? (
              <p role="alert" className="text-sm text-red-800">
                {error}
              </p>
            ) : null}
          </div>
        ) : (
          <p role="status">Loading pickup options…</p>
        )}
      </Dialog>
    </>
  );
}
