import type { PickupAdditionalField } from '@storefront/contracts/locations';

/** A drive-thru's required lane (a select, as it has options): the pickup option forms' tests share it. */
export const REQUIRED_LANE: PickupAdditionalField = {
  id: 'lane',
  label: 'Drive-thru lane',
  options: [
    { id: '1', value: 'Lane 1 (left)' },
    { id: '2', value: 'Lane 2 (right)' },
  ],
  required: true,
  min: null,
  max: null,
  readonly: false,
};
