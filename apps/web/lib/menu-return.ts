/**
 * What the store page needs to know when the guest comes back to it from an item (issue 24, point 2): the item
 * page records an add here, and the store page takes the record once on its next render in this tab to confirm
 * the add (toast, bag) and keep the guest's place. Kept in sessionStorage: per tab, gone with the tab, never sent
 * to a server. Every call is safe where storage is unavailable (private modes, SSR): it then does nothing.
 */
export type ItemAddedNote = {
  /** The item's title as the guest saw it. */
  title: string;
  quantity: number;
  /** An edit of an existing line rather than a new add. */
  edited: boolean;
};

const ADDED_KEY = 'sf.menu-return.added';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    // Access can throw (storage disabled): behave as if there were nothing to remember.
    return null;
  }
}

/** Called by the item form after the API accepted the add or the edit. */
export function noteItemAdded(note: ItemAddedNote): void {
  try {
    storage()?.setItem(ADDED_KEY, JSON.stringify(note));
  } catch {
    // Quota or privacy errors: the confirmation is a nicety, the add itself succeeded.
  }
}

/** The last add not yet confirmed, removed as it is read; null when there is none or it cannot be read. */
export function takeItemAdded(): ItemAddedNote | null {
  const store = storage();
  const raw = store?.getItem(ADDED_KEY) ?? null;
  if (raw === null) return null;
  store?.removeItem(ADDED_KEY);
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      'title' in value &&
      typeof value.title === 'string' &&
      'quantity' in value &&
      typeof value.quantity === 'number' &&
      'edited' in value &&
      typeof value.edited === 'boolean'
    ) {
      return { title: value.title.slice(0, 200), quantity: value.quantity, edited: value.edited };
    }
  } catch {
    // A value another version wrote: ignore it.
  }
  return null;
}
