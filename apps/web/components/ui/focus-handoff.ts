'use client';

import { useEffect, type RefObject } from 'react';
import { focusIfLost } from './route-focus';

/** When each hand-off was asked for (epoch ms), by the name of the control that takes it. */
const handoffs = new Map<string, number>();
/** How long a hand-off waits for its control to appear (a page refresh after sign-in). */
const HANDOFF_WINDOW_MS = 15_000;
/**
 * When the new control checks whether focus was lost, from its mount: a closing dialog gives focus back to its
 * opener on its own schedule, and that opener may be the control being replaced (then focus is lost after it).
 */
const CHECKS_MS = [0, 50, 200, 500, 1_000];

/**
 * Asks the control registered as `name` (useFocusHandoff) to take focus when it next mounts, if focus is lost
 * by then: the focused control is about to be replaced by another (the header's 'Sign in' by the account menu
 * after signing in, and back after logging out; a search box by the one of the new results page).
 */
export function handFocusTo(name: string): void {
  handoffs.set(name, Date.now());
}

/** Registers `target` as the control `name`: on mount it takes a pending hand-off (see handFocusTo). */
export function useFocusHandoff(name: string, target: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const askedAt = handoffs.get(name);
    if (askedAt === undefined) return;
    handoffs.delete(name);
    if (Date.now() - askedAt > HANDOFF_WINDOW_MS) return;
    const timers = CHECKS_MS.map((ms) => window.setTimeout(() => focusIfLost(target.current), ms));
    return () => timers.forEach((timer) => window.clearTimeout(timer));
  }, [name, target]);
}
