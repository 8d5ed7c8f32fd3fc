'use client';

import { useEffect, useId, useState, type ComponentType } from 'react';
import dynamic from 'next/dynamic';
import {
  DIALOG_CLOSE_CLASS,
  DIALOG_DESCRIPTION_CLASS,
  DIALOG_OVERLAY_CLASS,
  DIALOG_TITLE_CLASS,
  DialogCloseIcon,
  dialogContentClass,
} from './dialog-frame';
import type { DialogProps } from './dialog-impl';

export type { DialogProps } from './dialog-impl';

const DialogImpl = dynamic(() => import('./dialog-impl').then((m) => m.DialogImpl), { ssr: false });

/**
 * An accessible modal (Radix): traps focus, closes on Escape and returns focus to what opened it.
 * `dismissible` false keeps it open until an action is taken. Nothing is rendered while closed, and the modal's
 * code (Radix Dialog, focus trap, scroll lock) loads with the first dialog a page opens rather than with the
 * page.
 *
 * `prerender`: a dialog already open when the page is served (the promo popup) is drawn in the server's HTML, so
 * it paints with the page instead of after hydration; the Radix modal takes its place once its code is loaded.
 */
export function Dialog({ prerender = false, ...props }: DialogProps & { prerender?: boolean }) {
  if (!props.open) return null;
  return prerender ? <PrerenderedDialog {...props} /> : <DialogImpl {...props} />;
}

function PrerenderedDialog(props: DialogProps) {
  const [Impl, setImpl] = useState<ComponentType<DialogProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import('./dialog-impl').then((m) => {
      if (live) setImpl(() => m.DialogImpl);
    });
    return () => {
      live = false;
    };
  }, []);
  const id = useId();
  if (Impl) return <Impl {...props} />;
  const { title, description, children, actions, dismissible = true, className, width = 'md' } = props;
  // The same frame as DialogImpl's, without its behaviour: the close button works once hydrated.
  return (
    <>
      <div className={DIALOG_OVERLAY_CLASS} />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        className={dialogContentClass(width, className)}
      >
        <h2 id={`${id}-title`} className={DIALOG_TITLE_CLASS}>
          {title}
        </h2>
        <p id={`${id}-description`} className={description ? DIALOG_DESCRIPTION_CLASS : 'sr-only'}>
          {description ?? title}
        </p>
        {children ? <div className="mt-4">{children}</div> : null}
        {actions ? <div className="mt-6 flex flex-wrap justify-end gap-3">{actions}</div> : null}
        {dismissible ? (
          <button
            type="button"
            className={DIALOG_CLOSE_CLASS}
            aria-label="Close"
            onClick={() => props.onOpenChange(false)}
          >
            <DialogCloseIcon />
          </button>
        ) : null}
      </div>
    </>
  );
}
