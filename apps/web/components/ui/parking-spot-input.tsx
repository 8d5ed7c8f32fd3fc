/** The curbside parking spot field of the entry dialog, the payment page's and the tracking page's pickup forms. */
export function ParkingSpotInput({
  id,
  value,
  onChange,
  range,
  required = false,
  error,
  className = '',
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The pickup option's parking range (min, max), shown beside the label. */
  range?: readonly [number, number] | null | undefined;
  /** Marks the label with '*' (a spot is required). */
  required?: boolean;
  /** The field's message; it gets the id `${id}-error` and describes the input. */
  error?: string | null | undefined;
  className?: string;
}) {
  return (
    <>
      <label className={`flex flex-col gap-1 text-sm font-semibold ${className}`} htmlFor={id}>
        <span>
          Parking spot
          {required ? <span aria-hidden> *</span> : null}
          {range ? (
            <span className="font-normal text-gray-700">
              {' '}
              ({range[0]} to {range[1]})
            </span>
          ) : null}
        </span>
        <input
          id={id}
          className="min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal"
          inputMode="numeric"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={`text-sm text-red-800 ${className}`}>
          {error}
        </p>
      ) : null}
    </>
  );
}
