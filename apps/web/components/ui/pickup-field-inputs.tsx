import type { PickupAdditionalField } from '@storefront/contracts/locations';
import { isSelectField } from '@storefront/contracts/pickup';

const fieldClass = 'min-h-11 rounded-lg border border-gray-400 bg-white px-3 text-base font-normal';

/** The id of a field's input (to focus the first wrong one). */
export const pickupFieldInputId = (idPrefix: string, fieldId: string) => `${idPrefix}-field-${fieldId}`;

/**
 * A pickup option's additional fields (checkout spec sections 3 and 5): a number input without options, a
 * select with them; required ones marked '*', a number's range said in its label, readonly ones shown and not
 * answered; each field's message under it. `answers` and `onChange` are by field id.
 */
export function PickupFieldInputs({
  idPrefix,
  fields,
  answers,
  errors,
  onChange,
}: {
  idPrefix: string;
  fields: readonly PickupAdditionalField[];
  answers: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  onChange: (fieldId: string, value: string) => void;
}) {
  if (fields.length === 0) return null;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {fields.map((field) => {
        const inputId = pickupFieldInputId(idPrefix, field.id);
        const errorId = `${inputId}-error`;
        const message = errors[field.id];
        const common = {
          id: inputId,
          className: fieldClass,
          value: answers[field.id] ?? '',
          required: field.required && !field.readonly,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? errorId : undefined,
        };
        return (
          <div key={field.id} className="flex flex-col gap-1 text-sm font-semibold">
            <label htmlFor={inputId}>
              {field.label}
              {field.required && !field.readonly ? (
                <span aria-hidden className="text-red-700">
                  {' '}
                  *
                </span>
              ) : null}
              {!isSelectField(field) && (field.min !== null || field.max !== null) ? (
                <>
                  {' '}
                  <span className="font-normal text-gray-700">
                    ({field.min ?? '…'} to {field.max ?? '…'})
                  </span>
                </>
              ) : null}
            </label>
            {isSelectField(field) ? (
              <select
                {...common}
                disabled={field.readonly}
                onChange={(e) => onChange(field.id, e.target.value)}
              >
                <option value="">Choose…</option>
                {field.options?.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.value}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type="number"
                inputMode="numeric"
                step={1}
                min={field.min ?? undefined}
                max={field.max ?? undefined}
                readOnly={field.readonly}
                onChange={(e) => onChange(field.id, e.target.value)}
              />
            )}
            {message ? (
              <p id={errorId} className="font-normal text-red-800">
                {message}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
