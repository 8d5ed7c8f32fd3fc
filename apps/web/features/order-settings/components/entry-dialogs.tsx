'use client';

import { useId, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { FULFILLMENT_METHOD, PICKUP_TYPE } from '@storefront/contracts/enum-values';
import type { PickupMethod } from '@storefront/contracts/locations';
import { TABLE_NUMBER_MAX, TABLE_NUMBER_MIN, pickupChoiceError } from '@storefront/contracts/pickup';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ParkingSpotInput } from '@/components/ui/parking-spot-input';
import { VehicleSelect } from '@/components/ui/vehicle-select';
import { saveCurbsideChoice, saveTableChoice } from '../order-settings.actions';
import type { StoreOrderSettings } from '../order-settings.queries';

const fieldClass = 'min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal';

/**
 * Entry through a printed link (ordering spec sections 2 and 4): fp=curbside opens the curbside form (the
 * 'Curbside is unavailable' notice where the store has none), fp=table the table ordering modal, with fv as the
 * parking place or table number. wm=false leaves out the welcome text (the form itself is still needed).
 */
export function EntryDialogs({
  settings,
  fp,
  fv,
  wm,
  pickupMethods,
}: {
  settings: StoreOrderSettings;
  fp: 'table' | 'curbside' | undefined;
  fv: string | undefined;
  wm: boolean | undefined;
  pickupMethods: PickupMethod[];
}) {
  if (fp === 'curbside') {
    const curbside = pickupMethods.find((m) => m.pickupOption === PICKUP_TYPE.Curbside);
    if (!curbside) return <CurbsideUnavailableDialog />;
    const done =
      settings.pickupOption === PICKUP_TYPE.Curbside &&
      (fv === undefined || settings.fulfillmentPlace === fv);
    return done ? null : (
      <CurbsideDialog
        settings={settings}
        method={curbside}
        methods={pickupMethods}
        place={fv}
        welcome={wm !== false}
      />
    );
  }
  if (fp === 'table') {
    const done = settings.fulfillmentMethod === FULFILLMENT_METHOD.DineIn && settings.fulfillmentPlace === fv;
    return done ? null : <TableDialog settings={settings} table={fv} welcome={wm !== false} />;
  }
  return null;
}

function CurbsideUnavailableDialog() {
  const router = useRouter();
  const toSearch = () => router.push('/search-locations');
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : toSearch())}
      title="Curbside is unavailable"
      description="You cannot create a Curbside Order this moment, but you can try on another nearby Store."
      actions={<Button onClick={toSearch}>Search Locations</Button>}
    />
  );
}

function CurbsideDialog({
  settings,
  method,
  methods,
  place,
  welcome,
}: {
  settings: StoreOrderSettings;
  method: PickupMethod;
  methods: PickupMethod[];
  place: string | undefined;
  welcome: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [carType, setCarType] = useState<string>(settings.carType === null ? '' : String(settings.carType));
  const [carColor, setCarColor] = useState<string>(
    settings.carColor === null ? '' : String(settings.carColor),
  );
  const [spot, setSpot] = useState(place ?? settings.fulfillmentPlace ?? '');
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const range = method.parkingSpaceRange;
  const choice = {
    locationId: settings.locationId,
    catering: settings.catering,
    pickupOption: PICKUP_TYPE.Curbside,
    carType: carType === '' ? null : Number(carType),
    carColor: carColor === '' ? null : Number(carColor),
    fulfillmentPlace: spot.trim() === '' ? null : spot.trim(),
  };
  const submit = () => {
    const problem = pickupChoiceError(methods, choice);
    if (problem) return setError({ field: problem.field, message: problem.message });
    startTransition(async () => {
      const result = await saveCurbsideChoice(choice);
      if (result.ok) setOpen(false);
      else setError({ field: result.field, message: result.error });
    });
  };
  const carError = error?.field === 'car' ? error.message : null;
  const spotError = error?.field === 'fulfillmentPlace' ? error.message : null;
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Curbside Pickup"
      description={
        welcome
          ? `Welcome! Tell us about your car and we will bring your order out to you.${method.notes ? ` ${method.notes}` : ''}`
          : (method.notes ?? undefined)
      }
      actions={
        <Button loading={pending} onClick={submit}>
          Continue
        </Button>
      }
    >
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <VehicleSelect
          kind="type"
          id={`${id}-type`}
          value={carType}
          onChange={setCarType}
          required={method.carDetailsRequired}
          errorId={carError ? `${id}-car-error` : undefined}
        />
        <VehicleSelect
          kind="color"
          id={`${id}-color`}
          value={carColor}
          onChange={setCarColor}
          required={method.carDetailsRequired}
          errorId={carError ? `${id}-car-error` : undefined}
        />
        {carError ? (
          <p id={`${id}-car-error`} role="alert" className="text-sm text-red-800 sm:col-span-2">
            {carError}
          </p>
        ) : null}
        <ParkingSpotInput
          id={`${id}-spot`}
          className="sm:col-span-2"
          value={spot}
          onChange={setSpot}
          range={range}
          required={method.parkingSpaceRequired}
          error={spotError}
        />
        {error?.field === 'form' || error?.field === 'pickupOption' ? (
          <p role="alert" className="text-sm text-red-800 sm:col-span-2">
            {error.message}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}

function TableDialog({
  settings,
  table,
  welcome,
}: {
  settings: StoreOrderSettings;
  table: string | undefined;
  welcome: boolean;
}) {
  const id = useId();
  const [open, setOpen] = useState(true);
  const [value, setValue] = useState(table ?? '');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = () =>
    startTransition(async () => {
      const result = await saveTableChoice({
        locationId: settings.locationId,
        catering: settings.catering,
        table: value,
      });
      if (result.ok) setOpen(false);
      else setError(result.error);
    });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Table ordering"
      description={
        welcome
          ? 'Welcome! Order from your table: we bring the food to you. Check the number on your table.'
          : 'Check the number on your table.'
      }
      actions={
        <Button loading={pending} onClick={submit}>
          Start my order
        </Button>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={`${id}-table`}>
          Table number
          <input
            id={`${id}-table`}
            className={fieldClass}
            inputMode="numeric"
            min={TABLE_NUMBER_MIN}
            max={TABLE_NUMBER_MAX}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-table-error` : undefined}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        {error ? (
          <p id={`${id}-table-error`} role="alert" className="mt-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
      </form>
    </Dialog>
  );
}
