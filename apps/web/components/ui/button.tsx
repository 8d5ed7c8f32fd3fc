import { forwardRef } from 'react';
import { cn } from '@/lib/cn';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-button text-button-fg hover:brightness-110 disabled:bg-gray-300 disabled:text-gray-700',
  secondary:
    'border-2 border-button bg-button-secondary text-button-secondary-fg hover:bg-gray-50 disabled:border-gray-300 disabled:text-gray-500',
  ghost: 'bg-transparent text-gray-900 underline-offset-4 hover:underline disabled:text-gray-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-gray-300',
};

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
  block?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    loading = false,
    block = false,
    className,
    children,
    disabled,
    type = 'button',
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-5 py-2 font-semibold transition disabled:cursor-not-allowed',
        variants[variant],
        block && 'w-full',
        className,
      )}
      {...rest}
    >
      {loading ? <Spinner label="Loading" /> : null}
      {children}
    </button>
  );
});
