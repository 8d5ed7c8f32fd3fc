/**
 * The new-order chime, made with the Web Audio API (two short sine tones; no audio file to load). Browsers keep
 * audio suspended until the page has had a user gesture: `armKitchenSound` is called from one (the sign-in
 * submit, any tap or key on the board), and the context it makes lives as long as the document does.
 */
let context: AudioContext | null = null;

/** Creates or resumes the audio context; call it from a user gesture's handler. */
export function armKitchenSound(): void {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return;
  context ??= new window.AudioContext();
  if (context.state === 'suspended') void context.resume();
}

/** Whether a chime would be heard now (the context exists and runs). */
export function isKitchenSoundArmed(): boolean {
  return context?.state === 'running';
}

/** Plays the chime; false when audio is not armed yet (no gesture on this page). */
export function playKitchenChime(): boolean {
  const audio = context;
  if (!audio || audio.state !== 'running') return false;
  const start = audio.currentTime;
  [880, 1318.5].forEach((frequency, index) => {
    const at = start + index * 0.18;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.35, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.5);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.55);
  });
  return true;
}

/** The mute choice is the device's (a tablet at the pass may be muted, the one in the office not). */
const MUTED_KEY = 'storefront.kitchen.muted';
const listeners = new Set<() => void>();

export function isKitchenMuted(): boolean {
  try {
    return window.localStorage.getItem(MUTED_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setKitchenMuted(muted: boolean): void {
  try {
    if (muted) window.localStorage.setItem(MUTED_KEY, 'true');
    else window.localStorage.removeItem(MUTED_KEY);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: this page's changes and other tabs' (the storage event). */
export function subscribeKitchenMuted(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === MUTED_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
