/**
 * Pickup options (walk-in, curbside, drive-thru) and table numbers: the rules both the storefront's forms and
 * the API apply (ordering spec section 5; checkout spec section 5, pickup change modal).
 */
import { PICKUP_TYPE, VEHICLE_COLOR, VEHICLE_TYPE, type PickupType } from './enum-values';
import type { PickupAdditionalField, PickupFieldAnswer, PickupMethod } from './locations';

export const TABLE_NUMBER_MIN = 0;
export const TABLE_NUMBER_MAX = 999;
export const TABLE_NUMBER_MESSAGE = `Please enter a table number between ${TABLE_NUMBER_MIN} and ${TABLE_NUMBER_MAX}`;

export const PICKUP_OPTION_LABEL: Record<PickupType, string> = {
  [PICKUP_TYPE.WalkIn]: 'Walk-in',
  [PICKUP_TYPE.Curbside]: 'Curbside',
  [PICKUP_TYPE.DriveThru]: 'Drive Thru',
};

/** The spec's order for the pickup change modal: walk-in, drive-thru, curbside; other options are dropped. */
export function sortPickupOptions<T extends { pickupOption: number }>(methods: readonly T[]): T[] {
  const order: number[] = [PICKUP_TYPE.WalkIn, PICKUP_TYPE.DriveThru, PICKUP_TYPE.Curbside];
  return methods
    .filter((m) => order.includes(m.pickupOption))
    .sort((a, b) => order.indexOf(a.pickupOption) - order.indexOf(b.pickupOption));
}

const titleCase = (name: string) => (name === 'Suv' ? 'SUV' : name);
export const VEHICLE_COLOR_OPTIONS = Object.entries(VEHICLE_COLOR).map(([label, value]) => ({
  value,
  label,
}));
export const VEHICLE_TYPE_OPTIONS = Object.entries(VEHICLE_TYPE).map(([label, value]) => ({
  value,
  label: titleCase(label),
}));

export const PICKUP_MESSAGES = {
  driveThruCar: 'Car details are required for Drive Thru',
  curbsideSpot: 'Parking spot is required for Curbside',
  curbsideCar: 'Car details are required for Curbside',
  unavailable: 'The store does not offer this pickup option',
  spotRange: (min: number, max: number) => `Parking spot must be between ${min} and ${max}`,
} as const;

export const PICKUP_FIELD_MESSAGES = {
  required: (label: string) => `Please enter ${label}`,
  choose: (label: string) => `Please choose ${label}`,
  number: (label: string) => `${label} must be a whole number`,
  range: (label: string, min: number | null, max: number | null) =>
    min !== null && max !== null
      ? `${label} must be between ${min} and ${max}`
      : min !== null
        ? `${label} must be at least ${min}`
        : `${label} must be at most ${max ?? 0}`,
  unknown: 'This pickup option has no such field',
} as const;

/** Whether the field is answered with a select (it has options) rather than a number. */
export const isSelectField = (field: Pick<PickupAdditionalField, 'options'>) =>
  field.options !== null && field.options.length > 0;

/**
 * What is wrong with the answers to a pickup option's additional fields (checkout spec section 5): by field id,
 * the message for each required field left empty, each number that is not whole or outside [min, max], and each
 * select answer that is not one of its options; an answer to a field the option does not have is refused under
 * its own id. Readonly fields are not the guest's to answer, so their answers are ignored.
 */
export function pickupFieldErrors(
  fields: readonly PickupAdditionalField[],
  answers: readonly { id: string; value: string }[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const given = new Map(answers.map((a) => [a.id, a.value.trim()]));
  for (const answer of answers) {
    if (!fields.some((f) => f.id === answer.id)) errors[answer.id] = PICKUP_FIELD_MESSAGES.unknown;
  }
  for (const field of fields) {
    if (field.readonly) continue;
    const value = given.get(field.id) ?? '';
    if (value === '') {
      if (field.required) {
        errors[field.id] = isSelectField(field)
          ? PICKUP_FIELD_MESSAGES.choose(field.label)
          : PICKUP_FIELD_MESSAGES.required(field.label);
      }
      continue;
    }
    if (isSelectField(field)) {
      if (!field.options?.some((o) => o.id === value))
        errors[field.id] = PICKUP_FIELD_MESSAGES.choose(field.label);
      continue;
    }
    if (!/^-?\d{1,9}$/.test(value)) {
      errors[field.id] = PICKUP_FIELD_MESSAGES.number(field.label);
      continue;
    }
    const number = Number(value);
    if ((field.min !== null && number < field.min) || (field.max !== null && number > field.max)) {
      errors[field.id] = PICKUP_FIELD_MESSAGES.range(field.label, field.min, field.max);
    }
  }
  return errors;
}

/** The answers kept for an option: its non-readonly fields that were answered, in the option's field order. */
export function keptPickupFields(
  fields: readonly PickupAdditionalField[],
  answers: readonly { id: string; value: string }[],
): { id: string; value: string }[] {
  const given = new Map(answers.map((a) => [a.id, a.value.trim()]));
  return fields.flatMap((f) => {
    const value = given.get(f.id) ?? '';
    return f.readonly || value === '' ? [] : [{ id: f.id, value }];
  });
}

/**
 * The guest's answers as people read them (tracking page, kitchen ticket): each answered field of the option,
 * in the option's field order, with its label and the answer's text (a select's option text, a number as
 * given). Answers to fields the option does not have (left from another option) are left out.
 */
export function describePickupFields(
  fields: readonly PickupAdditionalField[],
  answers: readonly { id: string; value: string }[] | null | undefined,
): PickupFieldAnswer[] {
  const given = new Map((answers ?? []).map((a) => [a.id, a.value.trim()]));
  return fields.flatMap((f) => {
    const value = given.get(f.id) ?? '';
    if (value === '') return [];
    const displayValue = isSelectField(f) ? (f.options?.find((o) => o.id === value)?.value ?? value) : value;
    return [{ id: f.id, label: f.label, value, displayValue }];
  });
}

/**
 * The `additionalFields` part of an order's pickup block (tracking page, kitchen ticket): the answers described by
 * the fields of the order's option among `methods`, or nothing when the guest gave none.
 */
export function pickupFieldsPart(
  methods: readonly { pickupOption: number; additionalFields: readonly PickupAdditionalField[] | null }[],
  pickupOption: number | null,
  answers: readonly { id: string; value: string }[] | null | undefined,
): { additionalFields?: PickupFieldAnswer[] } {
  if (!answers?.length) return {};
  const fields = methods.find((m) => m.pickupOption === pickupOption)?.additionalFields ?? [];
  return { additionalFields: describePickupFields(fields, answers) };
}

export interface PickupChoice {
  pickupOption: PickupType;
  carColor?: number | null | undefined;
  carType?: number | null | undefined;
  fulfillmentPlace?: string | null | undefined;
  /** Answers to the option's additional fields, by field id. */
  additionalFields?: readonly { id: string; value: string }[] | undefined;
}

export type PickupChoiceError = { field: 'pickupOption' | 'car' | 'fulfillmentPlace'; message: string };

/**
 * What is wrong with a pickup choice at a store offering `methods`, or null when it is fine: an option the
 * store does not offer; car details when required (drive-thru and curbside); a parking spot when required, and
 * then inside the option's range (an optional spot is taken as given). Walk-in is always offered.
 */
export function pickupChoiceError(
  methods: readonly PickupMethod[],
  choice: PickupChoice,
): PickupChoiceError | null {
  if (choice.pickupOption === PICKUP_TYPE.WalkIn) return null;
  const method = methods.find((m) => m.pickupOption === choice.pickupOption);
  if (!method) return { field: 'pickupOption', message: PICKUP_MESSAGES.unavailable };
  const hasCar = choice.carColor != null && choice.carType != null;
  const place = choice.fulfillmentPlace?.trim() ?? '';
  if (choice.pickupOption === PICKUP_TYPE.DriveThru) {
    return method.carDetailsRequired && !hasCar
      ? { field: 'car', message: PICKUP_MESSAGES.driveThruCar }
      : null;
  }
  if (method.parkingSpaceRequired && place === '') {
    return { field: 'fulfillmentPlace', message: PICKUP_MESSAGES.curbsideSpot };
  }
  if (method.carDetailsRequired && !hasCar) return { field: 'car', message: PICKUP_MESSAGES.curbsideCar };
  // Ordering spec section 5: the place is checked against the option's range only when a space is required.
  if (method.parkingSpaceRequired && method.parkingSpaceRange) {
    const [min, max] = method.parkingSpaceRange;
    const spot = Number(place);
    if (!/^\d+$/.test(place) || spot < min || spot > max) {
      return { field: 'fulfillmentPlace', message: PICKUP_MESSAGES.spotRange(min, max) };
    }
  }
  return null;
}

/**
 * Whether checkout hides (and so does not require) the contact details (checkout spec section 2): for table
 * orders when hideForTablesideOrders is on, for curbside orders when hideForCurbsideOrders is on.
 */
export function isContactHidden(
  order: { fulfillmentMethod: number; pickupOption: number | null },
  settings: { hideForTablesideOrders: boolean; hideForCurbsideOrders: boolean },
): boolean {
  if (order.fulfillmentMethod === 2) return settings.hideForTablesideOrders;
  if (order.fulfillmentMethod === 1 && order.pickupOption === PICKUP_TYPE.Curbside) {
    return settings.hideForCurbsideOrders;
  }
  return false;
}

const labelOf = (options: readonly { value: number; label: string }[], value: number | null) =>
  value === null ? null : (options.find((o) => o.value === value)?.label ?? null);

/**
 * How the order is handed over, for the kitchen and tracking: 'Table 12', 'Curbside · space 5 · Blue Sedan',
 * 'Drive Thru · Red SUV'; null for a plain walk-in. A place with a non-curbside option is a table (checkout
 * spec section 4, fulfilment place rules).
 */
export function describeHandover(pickup: {
  pickupOption: number | null;
  carColor: number | null;
  carType: number | null;
  fulfillmentPlace: string | null;
}): string | null {
  const car = [labelOf(VEHICLE_COLOR_OPTIONS, pickup.carColor), labelOf(VEHICLE_TYPE_OPTIONS, pickup.carType)]
    .filter(Boolean)
    .join(' ');
  if (pickup.pickupOption === PICKUP_TYPE.Curbside) {
    return ['Curbside', pickup.fulfillmentPlace ? `space ${pickup.fulfillmentPlace}` : null, car || null]
      .filter(Boolean)
      .join(' · ');
  }
  if (pickup.fulfillmentPlace) return `Table ${pickup.fulfillmentPlace}`;
  if (pickup.pickupOption === PICKUP_TYPE.DriveThru)
    return ['Drive Thru', car || null].filter(Boolean).join(' · ');
  return null;
}
