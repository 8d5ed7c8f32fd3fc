/**
 * The delivery search's decisions (spec "Location search", section 4): which store delivers, and which dialog
 * a failure shows. Pure, so that the rules are tested apart from the page.
 */
import type { LocationSearchItem } from '@storefront/contracts/locations';

export const DELIVERY_DIALOG = {
  outOfRange: {
    title: 'No results for Delivery',
    heading: 'The address is out of range',
    question: 'Do you want to search nearby stores to pick it up?',
    confirm: 'Try Pickup',
    cancel: 'Cancel',
  },
  unavailable: {
    title: "Oops! Delivery isn't available right now",
    heading: 'But, you can still get your order!',
    question: 'Do you want to pick it up or try with another address for Delivery?',
    confirm: 'Switch to Pickup',
    cancel: 'Change address',
  },
} as const;

export const PLACE_DETAILS_FAILED_MESSAGE = 'Failed to fetch place details';

/** Open (including 'Closes Soon') and online: a closed store cannot deliver now, even if it takes schedules. */
export function isOpenAndOnline(result: LocationSearchItem): boolean {
  const store = result.item;
  return store.isOnline === true && store.status !== undefined && store.status.locationStatus !== 'Closed';
}

export type DeliveryStoreChoice =
  | { kind: 'store'; locationId: number }
  /** No store delivers within the delivery radius: the address is out of range. */
  | { kind: 'out-of-range' }
  /** Stores deliver around here, but none is open and online now. */
  | { kind: 'unavailable' };

/** The first result (nearest first) that is open and online. */
export function chooseDeliveryStore(results: readonly LocationSearchItem[]): DeliveryStoreChoice {
  if (results.length === 0) return { kind: 'out-of-range' };
  const first = results.find(isOpenAndOnline);
  return first ? { kind: 'store', locationId: first.item.id } : { kind: 'unavailable' };
}

/** Where a successful delivery search goes: the store with delivery chosen. */
export const deliveryStoreHref = (locationId: number) => `/${locationId}/menu?fm=delivery`;

export type DeliveryOutcome =
  | { kind: 'go'; href: string }
  | { kind: 'out-of-range' }
  | { kind: 'unavailable' }
  | { kind: 'error'; message: string };
