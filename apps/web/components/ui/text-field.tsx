import { forwardRef, useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * A labelled input with its error message (announced through aria-describedby); read-only and disabled inputs
 * are greyed. The forms of checkout, the session dialogs and my account use it.
 */
export const TextField = forwardRef<
  HTMLInputElement,
  React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }
>(function TextField({ label, error, className, ...input }, ref) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        // An explicit type (text unless the caller says otherwise): checkers read the attribute, not the default.
        type="text"
        className={cn(
          'min-h-11 rounded-lg border bg-white px-3 text-gray-900 read-only:bg-gray-100 disabled:bg-gray-100',
          error ? 'border-red-700' : 'border-gray-400',
        )}
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});
