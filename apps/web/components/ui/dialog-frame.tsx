import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Maximum widths by key (a key, not a class: two max-w classes would both apply and the CSS order would win). */
export const DIALOG_WIDTHS = {
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
  /** Narrow on phones, wide from the md breakpoint (the promo popup's picture). */
  'sm-3xl': 'max-w-sm md:max-w-3xl',
} as const;
export type DialogWidth = keyof typeof DIALOG_WIDTHS;

export const DIALOG_OVERLAY_CLASS = 'fixed inset-0 z-50 bg-black/50';
export const DIALOG_TITLE_CLASS = 'pr-8 text-xl font-bold';
export const DIALOG_DESCRIPTION_CLASS = 'mt-2 text-gray-700';
export const DIALOG_CLOSE_CLASS =
  'absolute right-3 top-3 grid size-10 place-items-center rounded-full hover:bg-gray-100';

export function dialogContentClass(width: DialogWidth, className?: string): string {
  return cn(
    'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
    DIALOG_WIDTHS[width],
    className,
  );
}

export const DialogCloseIcon = () => <X aria-hidden className="size-5" />;
