'use client';

import { createContext, use, useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { cn } from '@/lib/cn';
import { itemAddedMessage, takeItemAdded } from '@/lib/menu-return';

/** How long the bag stays marked after an add (the toast itself stays its usual 5 s). */
export const JUST_ADDED_MS = 2_500;

const JustAddedContext = createContext(false);

/**
 * Confirms an add made on the item page (or the compact item modal) once the store page shows again (issue 24,
 * point 2): a toast ('Onion Rings added to your order', announced: toasts are live regions) and, for a moment,
 * a marked bag (useJustAdded). The item form leaves a note in this tab (lib/menu-return.ts); it is taken once,
 * on arrival and whenever the order changes under a page that stayed (`orderVersion`: the compact modal's add).
 */
export function AddedToOrder({
  orderVersion,
  children,
}: {
  orderVersion: string;
  children: React.ReactNode;
}) {
  const toast = useToast();
  const [justAdded, setJustAdded] = useState(false);
  useEffect(() => {
    const note = takeItemAdded();
    if (!note) return;
    // An add the item page confirmed already (its toast stays up across the navigation) is not said twice.
    if (!note.announced) toast('success', itemAddedMessage(note));
    // Marked from the next frame, as the toast shows: the note is storage outside React, read once.
    const frame = window.requestAnimationFrame(() => setJustAdded(true));
    return () => window.cancelAnimationFrame(frame);
  }, [orderVersion, toast]);
  useEffect(() => {
    if (!justAdded) return;
    const timer = window.setTimeout(() => setJustAdded(false), JUST_ADDED_MS);
    return () => window.clearTimeout(timer);
  }, [justAdded]);
  return <JustAddedContext value={justAdded}>{children}</JustAddedContext>;
}

/**
 * Whether an add was just confirmed, and a ref whose element then gets a short bump (a scale there and back),
 * which prefers-reduced-motion turns off: the mark (a ring) still shows the change without motion.
 */
export function useJustAdded<T extends HTMLElement>() {
  const justAdded = use(JustAddedContext);
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!justAdded || !element || typeof element.animate !== 'function') return;
    if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) return;
    const bump = element.animate(
      [{ transform: 'scale(1)' }, { transform: 'scale(1.04)' }, { transform: 'scale(1)' }],
      { duration: 450, easing: 'ease-out' },
    );
    return () => bump.cancel();
  }, [justAdded]);
  return { justAdded, ref };
}

/** The desktop My Order panel, marked for a moment after an add. */
export function MyOrderAside({ children }: { children: React.ReactNode }) {
  const { justAdded, ref } = useJustAdded<HTMLElement>();
  return (
    <aside
      ref={ref}
      aria-labelledby="my-order-heading"
      data-just-added={justAdded ? 'true' : undefined}
      // Spec section 9: the desktop panel's max-height is the viewport minus an offset of at least 310 px
      // (header, sticky offsets and footer room); the min-height keeps it usable on very short windows.
      className={cn(
        'sticky top-20 hidden max-h-[calc(100dvh-310px)] min-h-[240px] w-full flex-col overflow-y-auto rounded-2xl bg-white p-5 shadow-sm transition-shadow md:flex',
        justAdded && 'ring-4 ring-button',
      )}
    >
      {children}
    </aside>
  );
}
