'use client';

import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { hideOthers } from 'aria-hidden';
import {
  DIALOG_CLOSE_CLASS,
  DIALOG_DESCRIPTION_CLASS,
  DIALOG_OVERLAY_CLASS,
  DIALOG_TITLE_CLASS,
  DialogCloseIcon,
  dialogContentClass,
  focusedOpener,
  returnFocus,
} from './dialog-frame';
import type { DialogProps } from './dialog-impl';

/** What can take focus in the prerendered frame, in order. */
const TABBABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A dialog already open when the page is served (the promo popup): drawn in the server's HTML, so it paints with
 * the page instead of after hydration, and a modal of its own, so the page's first load does not carry the Radix
 * modal's code. A module of its own: the pages that show none (most) load neither it nor aria-hidden with Dialog.
 * Once hydrated it behaves as the Radix modal does: focus moves to its first control and Tab / Shift+Tab cycle
 * through its controls only, Escape and a click on the backdrop close it (when dismissible), the page behind is
 * hidden from assistive technology (aria-hidden, as Radix does) and does not scroll. It never hands over to the
 * Radix modal: swapping the frame for a portal while the guest is tabbing left focus on the page body for a render
 * or two.
 */
export function PrerenderedDialog(props: DialogProps) {
  return props.open ? <PrerenderedFrame {...props} /> : null;
}

function PrerenderedFrame(props: DialogProps) {
  const frame = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const { title, description, children, actions, dismissible = true, className, width = 'md' } = props;
  const close = useEffectEvent(() => props.onOpenChange(false));
  const returnFocusTo = useEffectEvent(() => props.returnFocusTo?.());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const tabbable = [...(frame.current?.querySelectorAll<HTMLElement>(TABBABLE) ?? [])];
      if (event.key === 'Escape' && dismissible) {
        event.preventDefault();
        close();
      } else if (event.key === 'Tab' && tabbable.length > 0) {
        const at = tabbable.indexOf(document.activeElement as HTMLElement);
        const next = event.shiftKey ? (at <= 0 ? tabbable.length - 1 : at - 1) : (at + 1) % tabbable.length;
        event.preventDefault();
        tabbable[next]?.focus();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [dismissible]);
  useEffect(() => {
    if (!frame.current || !backdrop.current) return;
    // What had focus before the dialog took it (usually nothing: the promo opens with the page), for the close.
    const opener = frame.current.contains(document.activeElement) ? null : focusedOpener();
    // As the Radix modal does on opening: focus goes to the dialog's first control.
    if (!frame.current.contains(document.activeElement)) {
      frame.current.querySelector<HTMLElement>(TABBABLE)?.focus({ preventScroll: true });
    }
    const undoHide = hideOthers([frame.current, backdrop.current]);
    // Scroll lock, keeping the width the scroll bar took so the page does not move sideways.
    const root = document.documentElement;
    const gap = window.innerWidth - root.clientWidth;
    const before = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
    root.style.overflow = 'hidden';
    if (gap > 0) root.style.paddingRight = `${gap}px`;
    return () => {
      undoHide();
      root.style.overflow = before.overflow;
      root.style.paddingRight = before.paddingRight;
      returnFocus(opener, returnFocusTo());
    };
  }, []);
  const id = useId();
  // The same frame as DialogImpl's (dialog-frame.tsx).
  return (
    <>
      <div
        ref={backdrop}
        className={DIALOG_OVERLAY_CLASS}
        onClick={dismissible ? () => props.onOpenChange(false) : undefined}
      />
      <div
        ref={frame}
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
