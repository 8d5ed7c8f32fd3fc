'use client';

import { useId, useState } from 'react';
import type { PickupType } from '@storefront/contracts/enum-values';
import type { PickupMethod } from '@storefront/contracts/locations';
import {
  PICKUP_OPTION_LABEL,
  pickupChoiceError,
  pickupFieldErrors,
  type PickupChoice,
} from '@storefront/contracts/pickup';
import { Button } from '@/components/ui/button';
import { PickupFieldInputs, pickupFieldInputId } from '@/components/ui/pickup-field-inputs';
import { VehicleSelect } from '@/components/ui/vehicle-select';
import { useToast } from '@/components/ui/toast';
import { savePaymentPickup } from '../pickup-option.actions';

const fieldClass = 'min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal';

/**
 * The payment page's pickup option selector (Walk-in, Drive Thru, Curbside): car details and the parking spot
 * as the chosen option needs, and the option's additional fields (a number without options, a select with them;
 * readonly ones shown, not answered), checked with the spec's rules here and again by the server action.
 */
export function PaymentPickupOption({
  methods,
  current,
}: {
  methods: PickupMethod[];
  current: PickupChoice;
}) {
  const id = useId();
  const toast = useToast();
  const [option, setOption] = useState<PickupType>(current.pickupOption);
  const [carType, setCarType] = useState(current.carType == null ? '' : String(current.carType));
  const [carColor, setCarColor] = useState(current.carColor == null ? '' : String(current.carColor));
  const [spot, setSpot] = useState(current.fulfillmentPlace ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries((current.additionalFields ?? []).map((a) => [a.id, a.value])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const method = methods.find((m) => m.pickupOption === option);
  const fields = method?.additionalFields ?? [];
  const needsCar = option !== 0;
  const needsSpot = option === 1;
  const choice = {
    pickupOption: option,
    carType: needsCar && carType !== '' ? Number(carType) : null,
    carColor: needsCar && carColor !== '' ? Number(carColor) : null,
    fulfillmentPlace: needsSpot && spot.trim() !== '' ? spot.trim() : null,
    additionalFields: fields
      .filter((f) => !f.readonly && (answers[f.id] ?? '').trim() !== '')
      .map((f) => ({ id: f.id, value: (answers[f.id] ?? '').trim() })),
  };

  const save = async () => {
    const problem = pickupChoiceError(methods, choice);
    if (problem) return setError(problem.message);
    const invalid = pickupFieldErrors(fields, choice.additionalFields);
    setFieldErrors(invalid);
    if (Object.keys(invalid).length > 0) {
      setError(null);
      document.getElementById(pickupFieldInputId(id, Object.keys(invalid)[0] ?? ''))?.focus();
      return;
    }
    setError(null);
    setPending(true);
    const result = await savePaymentPickup(choice).catch(() => null);
    setPending(false);
    if (result?.ok) toast('success', 'Pickup option saved');
    else {
      setFieldErrors((!result?.ok && result?.fieldErrors) || {});
      setError(result?.error ?? 'Error updating pickup data');
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="self-start rounded-2xl bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="mb-2 text-lg font-bold">
        Pickup option
      </h2>
      <fieldset className="flex flex-col gap-1">
        <legend className="sr-only">How will you pick up?</legend>
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
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <VehicleSelect kind="type" id={`${id}-type`} value={carType} onChange={setCarType} />
          <VehicleSelect kind="color" id={`${id}-color`} value={carColor} onChange={setCarColor} />
        </div>
      ) : null}
      {needsSpot ? (
        <label className="mt-3 flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-spot`}>
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
      {fields.length > 0 ? (
        <div className="mt-3">
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
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button variant="secondary" className="mt-3" loading={pending} onClick={() => void save()}>
        Save pickup option
      </Button>
    </section>
  );
}
