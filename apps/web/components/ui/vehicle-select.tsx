import { VEHICLE_COLOR_OPTIONS, VEHICLE_TYPE_OPTIONS } from '@storefront/contracts/pickup';

const KIND = {
  type: { label: 'Car type', placeholder: 'Select a type', options: VEHICLE_TYPE_OPTIONS },
  color: { label: 'Car color', placeholder: 'Select a color', options: VEHICLE_COLOR_OPTIONS },
} as const;

/**
 * The car type or colour select of the curbside and drive-thru forms (values of VEHICLE_TYPE / VEHICLE_COLOR as
 * strings, '' for none chosen), with its label.
 */
export function VehicleSelect({
  kind,
  id,
  value,
  onChange,
  required = false,
  errorId,
}: {
  kind: 'type' | 'color';
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the label with '*' (car details required). */
  required?: boolean;
  /** The id of the error message describing this field, when there is one. */
  errorId?: string | undefined;
}) {
  const { label, placeholder, options } = KIND[kind];
  return (
    <label className="flex flex-col gap-1 text-sm font-semibold" htmlFor={id}>
      <span>
        {label}
        {required ? <span aria-hidden> *</span> : null}
      </span>
      <select
        id={id}
        className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal"
        value={value}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
