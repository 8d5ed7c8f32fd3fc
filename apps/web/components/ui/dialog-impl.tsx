'use client';

import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';

const WIDTHS = {
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
  /** Narrow on phones, wide from the md breakpoint (the promo popup's picture). */
  'sm-3xl': 'max-w-sm md:max-w-3xl',
} as const;

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
  actions?: React.ReactNode;
  dismissible?: boolean;
  className?: string;
  /** The modal's maximum width (a key, not a class: two max-w classes would both apply and the CSS order win). */
  width?: keyof typeof WIDTHS;
  /** Where focus goes on close when the dialog was opened without a trigger (Radix returns it to a trigger). */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** The open modal of `Dialog` (dialog.tsx), loaded with the first dialog a page opens. */
export function DialogImpl({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  dismissible = true,
  className,
  width = 'md',
  returnFocusTo,
}: DialogProps) {
  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => (dismissible || next ? onOpenChange(next) : undefined)}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          onEscapeKeyDown={(e) => (dismissible ? undefined : e.preventDefault())}
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo?.();
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          onPointerDownOutside={(e) => (dismissible ? undefined : e.preventDefault())}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl',
            WIDTHS[width],
            className,
          )}
        >
          <RadixDialog.Title className="pr-8 text-xl font-bold">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-gray-700">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children ? <div className="mt-4">{children}</div> : null}
          {actions ? <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div> : null}
          {dismissible ? (
            <RadixDialog.Close
              className="absolute right-3 top-3 grid size-10 place-items-center rounded-full hover:bg-gray-100"
              aria-label="Close"
            >
              <X aria-hidden className="size-5" />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
