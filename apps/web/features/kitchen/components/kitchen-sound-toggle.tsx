'use client';

import { useSyncExternalStore } from 'react';
import { Volume2, VolumeX } from 'lucide-react';
import { armKitchenSound, isKitchenMuted, setKitchenMuted, subscribeKitchenMuted } from '../kitchen-sound';

/** Turns the new-order chime off or on for this device (remembered in its storage); the press also arms audio. */
export function KitchenSoundToggle() {
  const muted = useSyncExternalStore(subscribeKitchenMuted, isKitchenMuted, () => false);
  return (
    <button
      type="button"
      aria-pressed={!muted}
      onClick={() => {
        armKitchenSound();
        setKitchenMuted(!muted);
      }}
      className="inline-flex min-h-12 min-w-12 items-center gap-2 rounded-full border-2 border-gray-800 bg-white px-4 font-semibold text-gray-900"
    >
      {muted ? <VolumeX aria-hidden className="size-5" /> : <Volume2 aria-hidden className="size-5" />}
      New-order sound
      <span aria-hidden className="rounded-full bg-gray-100 px-2 text-sm">
        {muted ? 'Off' : 'On'}
      </span>
    </button>
  );
}
