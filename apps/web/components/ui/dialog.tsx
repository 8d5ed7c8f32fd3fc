'use client';

import dynamic from 'next/dynamic';
import type { DialogProps } from './dialog-impl';

export type { DialogProps } from './dialog-impl';

const DialogImpl = dynamic(() => import('./dialog-impl').then((m) => m.DialogImpl), { ssr: false });

/**
 * An accessible modal (Radix): traps focus, closes on Escape and returns focus to what opened it (the element
 * that had focus as it opened, also when that was not a trigger of its own; the page's heading when that element
 * has gone: returnFocus in dialog-frame.tsx).
 * `dismissible` false keeps it open until an action is taken. Nothing is rendered while closed, and the modal's
 * code (Radix Dialog, focus trap, scroll lock) loads with the first dialog a page opens rather than with the
 * page. A dialog already open when the page is served (the promo popup) is a PrerenderedDialog instead
 * (prerendered-dialog.tsx).
 */
export function Dialog(props: DialogProps) {
  return props.open ? <DialogImpl {...props} /> : null;
}
