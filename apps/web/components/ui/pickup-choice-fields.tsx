'use client';

import { useId, useState } from 'react';
import type { PickupType } from '@storefront/contracts/enum-values';
import type { PickupMethod } from '@storefront/contracts/locations';
import {
  PICKUP_OPTION_LABEL,
  keptPickupFields,
  pickupChoiceError,
  pickupFieldErrors,
  type PickupChoice,
} from '@storefront/contracts/pickup';
import { ParkingSpotInput } from './parking-spot-input';
import { PickupFieldInputs, pickupFieldInputId } from './pickup-field-inputs';
import { VehicleSelect } from './vehicle-select';

/** What a pickup option form needs from a store's option (the payment page's and the tracking page's both fit). */
type PickupOptionMethod = Pick<
  PickupMethod,
  | 'pickupOption'
  | 'notes'
  | 'carDetailsRequired'
  | 'parkingSpaceRequired'
  | 'parkingSpaceRange'
  | 'additionalFields'
>;

/** The guest's pickup choice so far: what the order holds (null or absent where nothing was given). */
type PickupChoiceStart = Pick<
  PickupChoice,
  'carType' | 'carColor' | 'fulfillmentPlace' | 'additionalFields'
> & {
  pickupOption: PickupType | null | undefined;
};

const numberText = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * The state of a pickup option form (checkout spec sections 2 to 5), shared by the payment page's selector and
 * the tracking page's change: the option, car details and parking spot as the option needs, and the option's
 * additional fields prefilled with the answers so far. `choice` is what would be sent; `check()` applies the
 * spec's rules, shows the messages and focuses the first wrong field, and says whether the choice may be sent.
 */
export function usePickupChoiceForm(start: PickupChoiceStart, methods: readonly PickupOptionMethod[] | null) {
  const id = useId();
  const [option, setOption] = useState<PickupType>(start.pickupOption ?? 0);
  const [carType, setCarType] = useState(numberText(start.carType));
  const [carColor, setCarColor] = useState(numberText(start.carColor));
  const [spot, setSpot] = useState(start.fulfillmentPlace ?? '');
  const [answers, setAnswers] = useState<Record<string, string>>(() =>
    Object.fromEntries((start.additionalFields ?? []).map((a) => [a.id, a.value])),
  );
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const fields = methods?.find((m) => m.pickupOption === option)?.additionalFields ?? [];
  const needsCar = option !== 0;
  const needsSpot = option === 1;
  const choice = {
    pickupOption: option,
    carType: needsCar && carType !== '' ? Number(carType) : null,
    carColor: needsCar && carColor !== '' ? Number(carColor) : null,
    fulfillmentPlace: needsSpot && spot.trim() !== '' ? spot.trim() : null,
    additionalFields: keptPickupFields(
      fields,
      Object.entries(answers).map(([fieldId, value]) => ({ id: fieldId, value })),
    ),
  };

  const check = (): boolean => {
    const problem = methods ? pickupChoiceError(methods, choice) : null;
    if (problem) {
      setError(problem.message);
      return false;
    }
    const invalid = pickupFieldErrors(fields, choice.additionalFields);
    setFieldErrors(invalid);
    setError(null);
    const [firstInvalid] = Object.keys(invalid);
    if (firstInvalid === undefined) return true;
    document.getElementById(pickupFieldInputId(id, firstInvalid))?.focus();
    return false;
  };

  return {
    id,
    choice,
    /** The chosen option's additional fields (none: the option asks nothing more). */
    fields,
    check,
    /** A refusal from the server: its message, and its messages by field when it gives them. */
    showError: (message: string, byField: Record<string, string> = {}) => {
      setFieldErrors(byField);
      setError(message);
    },
    view: {
      id,
      option,
      selectOption: (next: PickupType) => {
        setOption(next);
        setError(null);
      },
      carType,
      setCarType,
      carColor,
      setCarColor,
      spot,
      setSpot,
      fields,
      answers,
      answer: (fieldId: string, value: string) => {
        setAnswers((a) => ({ ...a, [fieldId]: value }));
        setFieldErrors(({ [fieldId]: _cleared, ...rest }) => rest);
      },
      fieldErrors,
      error,
      needsCar,
      needsSpot,
    },
  };
}

/**
 * A pickup option form's controls: the options as radios (with their notes), car type and colour, the parking
 * spot with its range, the option's additional fields, and the form's message.
 */
export function PickupChoiceFields({
  methods,
  form,
  legendClassName,
}: {
  methods: readonly PickupOptionMethod[];
  form: ReturnType<typeof usePickupChoiceForm>['view'];
  legendClassName: string;
}) {
  const { id } = form;
  const method = methods.find((m) => m.pickupOption === form.option);
  return (
    <div className="flex flex-col gap-3">
      <fieldset className="flex flex-col gap-1">
        <legend className={legendClassName}>How will you pick up?</legend>
        {methods.map((m) => (
          <label key={m.pickupOption} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              name={`${id}-option`}
              className="size-5 accent-button"
              checked={form.option === m.pickupOption}
              onChange={() => form.selectOption(m.pickupOption)}
            />
            <span>
              {PICKUP_OPTION_LABEL[m.pickupOption]}
              {m.notes ? <span className="block text-sm text-gray-700">{m.notes}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      {form.needsCar ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <VehicleSelect kind="type" id={`${id}-type`} value={form.carType} onChange={form.setCarType} />
          <VehicleSelect kind="color" id={`${id}-color`} value={form.carColor} onChange={form.setCarColor} />
        </div>
      ) : null}
      {form.needsSpot ? (
        <ParkingSpotInput
          id={`${id}-spot`}
          value={form.spot}
          onChange={form.setSpot}
          range={method?.parkingSpaceRange}
        />
      ) : null}
      <PickupFieldInputs
        idPrefix={id}
        fields={form.fields}
        answers={form.answers}
        errors={form.fieldErrors}
        onChange={form.answer}
      />
      {form.error ? (
        <p role="alert" className="text-sm text-red-800">
          {form.error}
        </p>
      ) : null}
    </div>
  );
}
