/**
 * What the store page needs to know when the guest comes back to it from an item (issue 24, point 2): the item
 * page records an add here, and the store page takes the record once on its next render in this tab to confirm
 * the add (toast, bag); the store page records where the guest was as they leave for an item, and takes that
 * record once as they come back to put them where they were. Kept in sessionStorage: per tab, gone with the
 * tab, never sent to a server. Every call is safe where storage is unavailable (private modes, SSR): it then
 * does nothing.
 */
export type ItemAddedNote = {
  /** The item's title as the guest saw it. */
  title: string;
  quantity: number;
  /** An edit of an existing line rather than a new add. */
  edited: boolean;
  /**
   * The item page already confirmed it with its toast, as soon as the API accepted it (the store page then
   * marks the bag only): the toast no longer waits for the way back to the menu.
   */
  announced?: boolean;
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
      const announced = 'announced' in value && value.announced === true;
      return {
        title: value.title.slice(0, 200),
        quantity: value.quantity,
        edited: value.edited,
        ...(announced ? { announced } : {}),
      };
    }
  } catch {
    // A value another version wrote: ignore it.
  }
  return null;
}

/** What the toast says of an add or an edit ('Onion Rings added to your order', '2 × Fries added ...'). */
export function itemAddedMessage(note: ItemAddedNote): string {
  if (note.edited) return `${note.title} updated in your order`;
  return note.quantity > 1
    ? `${note.quantity} × ${note.title} added to your order`
    : `${note.title} added to your order`;
}

/** Where the guest was on a store page when they left it for one of its items. */
export type MenuPlace = {
  /** The store page's path ('/1/menu'): a place is restored on that page only. */
  path: string;
  /** window.scrollY as they left. */
  y: number;
  /** The card they opened (its data-item-key), found again on return; null when they left by another link. */
  itemKey: string | null;
  /** That card's top edge in the viewport as they left: it is put back there (the page above may have changed). */
  cardTop: number | null;
  /** Date.now() as they left. */
  at: number;
};

const PLACE_KEY = 'sf.menu-return.place';

/**
 * A place older than this is not restored: a guest coming back to the menu much later (from checkout, another
 * tab's link) starts from the top as on any visit.
 */
export const MENU_PLACE_MAX_AGE_MS = 30 * 60_000;

/** Called by the store page as the guest leaves it for one of its items (a card, an Edit link). */
export function noteMenuPlace(place: MenuPlace): void {
  try {
    storage()?.setItem(PLACE_KEY, JSON.stringify(place));
  } catch {
    // Quota or privacy errors: the guest then comes back to the top of the menu, as before.
  }
}

function isMenuPlace(value: unknown): value is MenuPlace {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const finite = (x: unknown) => typeof x === 'number' && Number.isFinite(x);
  return (
    typeof v.path === 'string' &&
    finite(v.y) &&
    finite(v.at) &&
    (v.itemKey === null || typeof v.itemKey === 'string') &&
    (v.cardTop === null || finite(v.cardTop))
  );
}

/**
 * The place recorded for this store page, removed as it is read (restored once); null when there is none, it
 * belongs to another page, is older than MENU_PLACE_MAX_AGE_MS or cannot be read. Any record is removed: a place
 * on another page is never wanted later.
 */
export function takeMenuPlace(path: string, now = Date.now()): MenuPlace | null {
  const store = storage();
  const raw = store?.getItem(PLACE_KEY) ?? null;
  if (raw === null) return null;
  store?.removeItem(PLACE_KEY);
  try {
    const value: unknown = JSON.parse(raw);
    if (!isMenuPlace(value) || value.path !== path) return null;
    const age = now - value.at;
    if (age < 0 || age > MENU_PLACE_MAX_AGE_MS) return null;
    return { ...value, y: Math.max(0, value.y), itemKey: value.itemKey?.slice(0, 200) ?? null };
  } catch {
    // A value another version wrote: ignore it.
  }
  return null;
}
