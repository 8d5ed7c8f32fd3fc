'use client';

import { useState } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import {
  DIALOG_CLOSE_CLASS,
  DIALOG_DESCRIPTION_CLASS,
  DIALOG_OVERLAY_CLASS,
  DIALOG_TITLE_CLASS,
  DialogCloseIcon,
  dialogContentClass,
  focusInOpenDialog,
  focusedOpener,
  returnFocus,
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
  /**
   * Where focus goes on close instead of the element that had it as the dialog opened (returnFocus in
   * dialog-frame.tsx: that element while it is on the page, else the page's heading).
   */
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
  // Mounted as the dialog opens (Dialog renders nothing while closed), before Radix moves focus inside: what has
  // focus now is what opened it.
  const [opener] = useState(focusedOpener);
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
            e.preventDefault();
            // Radix asks once this dialog has left the page: focus in a dialog now is another's, opened in its place.
            if (!focusInOpenDialog()) returnFocus(opener, returnFocusTo?.());
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
