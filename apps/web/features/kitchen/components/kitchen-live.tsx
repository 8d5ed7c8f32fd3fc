'use client';

import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { armKitchenSound, isKitchenMuted, playKitchenChime } from '../kitchen-sound';
import { useKitchenLive, type KitchenLiveState } from '../use-kitchen-live';

interface KitchenLiveValue {
  state: KitchenLiveState;
  /** Received orders that arrived while this screen was open (flashed as 'New' until they are started). */
  newOrderIds: ReadonlySet<number>;
  /** What the last arrival said, for the screen reader's live region. */
  announcement: string;
}

const KitchenLiveContext = createContext<KitchenLiveValue>({
  state: 'connecting',
  newOrderIds: new Set(),
  announcement: '',
});

export function useKitchenLiveContext(): KitchenLiveValue {
  return useContext(KitchenLiveContext);
}

/**
 * The live board: follows the location's stream (use-kitchen-live), and when a received order appears that the
 * screen had not shown, flashes it as 'New', plays the chime (unless muted on this device) and announces it.
 * Orders on the board when the screen opened are not new. Any tap or key arms the audio (browsers keep it off
 * until a gesture).
 */
export function KitchenLive({
  locationId,
  receivedOrders,
  children,
}: {
  locationId: number;
  receivedOrders: { id: number; referenceNumber: string }[];
  children: ReactNode;
}) {
  const state = useKitchenLive(locationId);
  const known = useRef<Set<number> | null>(null);
  const [newOrderIds, setNewOrderIds] = useState<ReadonlySet<number>>(new Set());
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const arm = () => armKitchenSound();
    document.addEventListener('pointerdown', arm, { capture: true });
    document.addEventListener('keydown', arm, { capture: true });
    return () => {
      document.removeEventListener('pointerdown', arm, { capture: true });
      document.removeEventListener('keydown', arm, { capture: true });
    };
  }, []);

  useEffect(() => {
    const ids = new Set(receivedOrders.map((o) => o.id));
    if (known.current === null) {
      known.current = ids;
      return;
    }
    const seen = known.current;
    const arrived = receivedOrders.filter((o) => !seen.has(o.id));
    for (const order of arrived) seen.add(order.id);
    setNewOrderIds((previous) => {
      const next = new Set([...previous].filter((id) => ids.has(id)));
      for (const order of arrived) next.add(order.id);
      return next.size === previous.size && [...next].every((id) => previous.has(id)) ? previous : next;
    });
    if (arrived.length === 0) return;
    setAnnouncement(
      arrived.length === 1
        ? `New order #${arrived[0]?.referenceNumber ?? ''}`
        : `${arrived.length} new orders`,
    );
    if (!isKitchenMuted()) playKitchenChime();
  }, [receivedOrders]);

  return (
    <KitchenLiveContext.Provider value={{ state, newOrderIds, announcement }}>
      {children}
    </KitchenLiveContext.Provider>
  );
}
