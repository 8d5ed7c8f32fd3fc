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
export const DIALOG_TITLE_CLASS = 'pr-10 text-xl font-bold';
export const DIALOG_DESCRIPTION_CLASS = 'mt-2 text-gray-700';
export const DIALOG_CLOSE_CLASS =
  'absolute right-2 top-2 grid size-11 place-items-center rounded-full hover:bg-gray-100';

export function dialogContentClass(width: DialogWidth, className?: string): string {
  return cn(
    'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
    DIALOG_WIDTHS[width],
    className,
  );
}

export const DialogCloseIcon = () => <X aria-hidden className="size-5" />;

/** The element that had focus as a dialog opened (null: none, the page body). */
export function focusedOpener(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Whether focus is already in an open dialog, one that opened as another closed (sign-in's 'Create an account'
 * swaps the sign-in dialog for the sign-up one). The closed dialog then leaves focus where it is: taking it back
 * to its opener blurred the new dialog's first field, which showed 'Please enter your name' before the guest had
 * typed anything (issue 37).
 */
export function focusInOpenDialog(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && active.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Where focus goes when a dialog closes: `preferred` (a dialog's own choice), else the element that opened it,
 * while it is still on the page and can take focus; else the page's heading (or main), so that a keyboard or
 * screen-reader guest carries on from the top of what they are looking at instead of from the body (Radix
 * returns focus only to a Dialog.Trigger, and most of our dialogs are opened from state: a button elsewhere, a
 * menu item that has gone, a route change, the promo on arrival).
 */
export function returnFocus(opener: HTMLElement | null, preferred?: HTMLElement | null) {
  for (const target of [preferred, opener]) {
    if (!target?.isConnected) continue;
    target.focus({ preventScroll: true });
    if (document.activeElement === target) return;
  }
  const landmark =
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1, main');
  if (!landmark) return;
  // A heading takes focus only from script (tabindex -1): it stays out of the Tab order.
  if (landmark.tabIndex < 0 && !landmark.hasAttribute('tabindex')) landmark.setAttribute('tabindex', '-1');
  landmark.focus({ preventScroll: true });
}
