'use client';

import { Dialog as RadixDialog } from 'radix-ui';
import {
  DIALOG_CLOSE_CLASS,
  DIALOG_DESCRIPTION_CLASS,
  DIALOG_OVERLAY_CLASS,
  DIALOG_TITLE_CLASS,
  DialogCloseIcon,
  dialogContentClass,
  type DialogWidth,
} from './dialog-frame';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: React.ReactNode;
  children?: React.ReactNode;
  actions?: React.ReactNode;
  dismissible?: boolean;
  className?: string;
  /** The modal's maximum width. */
  width?: DialogWidth;
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
        <RadixDialog.Overlay className={DIALOG_OVERLAY_CLASS} />
        <RadixDialog.Content
          onEscapeKeyDown={(e) => (dismissible ? undefined : e.preventDefault())}
          onCloseAutoFocus={(e) => {
            const target = returnFocusTo?.();
            if (!target) return;
            e.preventDefault();
            target.focus();
          }}
          onPointerDownOutside={(e) => (dismissible ? undefined : e.preventDefault())}
          className={dialogContentClass(width, className)}
        >
          <RadixDialog.Title className={DIALOG_TITLE_CLASS}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={DIALOG_DESCRIPTION_CLASS}>
              {description}
            </RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children ? <div className="mt-4">{children}</div> : null}
          {actions ? <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div> : null}
          {dismissible ? (
            <RadixDialog.Close className={DIALOG_CLOSE_CLASS} aria-label="Close">
              <DialogCloseIcon />
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
