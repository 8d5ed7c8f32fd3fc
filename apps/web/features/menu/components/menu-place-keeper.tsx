'use client';

import { useEffect } from 'react';
import { noteMenuPlace, takeMenuPlace, type MenuPlace } from '@/lib/menu-return';
import { placeScrollTarget } from '@/lib/store-scroll';

/** How long the page keeps putting the guest back (cards of a large menu arrive after the page is up). */
const RESTORE_FOR_MS = 6_000;
/** Frames the position must hold, once the card has been found, before the page lets go. */
const STABLE_FRAMES = 12;
/** Any of these from the guest means they are moving on their own: the page stops putting them back. */
const GUEST_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function cardOf(itemKey: string | null): HTMLElement | null {
  if (itemKey === null) return null;
  return document.querySelector<HTMLElement>(`main a[data-item-key="${CSS.escape(itemKey)}"]`);
}

/**
 * Puts the guest back where they were, frame after frame until it holds: Next's own scroll on arrival (to the
 * top after a push) and cards drawn late (large menus) would otherwise undo a single scroll. Stops at the
 * guest's first own input. Focus goes back to the card they opened, without scrolling, as a keyboard user
 * expects of a return to the opener (unless something else, a dialog, already has it).
 */
function restorePlace(place: MenuPlace): () => void {
  const deadline = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  let stable = 0;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    for (const type of GUEST_INPUT) window.removeEventListener(type, stop, true);
  };
  const step = () => {
    const card = cardOf(place.itemKey);
    const maxScroll = document.documentElement.scrollHeight - window.innerHeight;
    const cardPageTop = card ? card.getBoundingClientRect().top + window.scrollY : null;
    const target = placeScrollTarget(place, cardPageTop, maxScroll);
    if (Math.abs(window.scrollY - target) > 1) {
      window.scrollTo({ top: target, behavior: 'instant' });
      stable = 0;
    } else {
      stable += 1;
    }
    const found = place.itemKey === null || card !== null;
    if ((found && stable >= STABLE_FRAMES) || performance.now() > deadline) {
      stop();
      const active = document.activeElement;
      const focusFree = active === null || active === document.body || active.matches('main h1');
      if (card && focusFree) card.focus({ preventScroll: true });
      return;
    }
    frame = window.requestAnimationFrame(step);
  };
  for (const type of GUEST_INPUT) window.addEventListener(type, stop, { capture: true, passive: true });
  frame = window.requestAnimationFrame(step);
  return stop;
}

/**
 * Keeps the guest's place on the store page (issue 24, point 2): as they leave for one of this store's items (a
 * card, an Edit link in My Order) it records the scroll position and the card, and when the page shows again
 * (Add to Order, 'Back to menu', the browser's Back) it puts them back, so the category bar marks the category
 * they were reading. Cards that open the compact item modal (ItemCardLinks marks them) do not leave the page:
 * nothing to record.
 */
export function MenuPlaceKeeper({ basePath }: { basePath: string }) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || !(event.target instanceof Element)) return;
      const link = event.target.closest<HTMLAnchorElement>('a[href]');
      if (!link || link.closest('[data-compact-items]')) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin || !url.pathname.startsWith(`${basePath}/`)) return;
      const itemKey = link.dataset.itemKey ?? null;
      noteMenuPlace({
        path: basePath,
        y: window.scrollY,
        itemKey,
        cardTop: itemKey === null ? null : link.getBoundingClientRect().top,
        at: Date.now(),
      });
    };
    // Capture: recorded before the menu's own listener turns the click into a navigation.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [basePath]);

  useEffect(() => {
    const place = takeMenuPlace(basePath);
    return place ? restorePlace(place) : undefined;
  }, [basePath]);

  return null;
}
