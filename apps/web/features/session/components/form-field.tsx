import { forwardRef, useId } from 'react';
import { cn } from '@/lib/cn';

/** A labelled input of the session dialogs with its error message (announced through aria-describedby). */
export const FormField = forwardRef<
  HTMLInputElement,
  React.InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | undefined }
>(function FormField({ label, error, className, ...input }, ref) {
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
        className={cn(
          'min-h-11 rounded-lg border bg-white px-3 text-gray-900',
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

/** A link-looking button that switches between the session dialogs ('Create an account', 'Sign in', ...). */
export function SwitchLink({ children, onClick }: { children: React.ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="min-h-11 font-semibold text-gray-900 underline underline-offset-4 hover:no-underline"
    >
      {children}
    </button>
  );
}

/** A dialog's outcome line: errors in red (role=alert), confirmations in green (role=status). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: React.ReactNode }) {
  return tone === 'error' ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  ) : (
    <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
      {children}
    </p>
  );
}
