'use client';

import { useEffect } from 'react';
import { focusIfLost } from './route-focus';

/**
 * On a page a guest lands on from elsewhere (a text message's or e-mail's link, the payment step's redirect), the
 * page's main heading takes focus when nothing has it: a screen reader starts at 'Track your Order', and the next
 * Tab goes on from there instead of from the top of the document.
 */
export function FocusHeadingOnArrival() {
  useEffect(() => {
    focusIfLost(document.querySelector<HTMLElement>('main h1'));
  }, []);
  return null;
}
