import type { Store } from '@storefront/contracts/locations';
import { canTakeOrders, shownStoreStatus } from '@storefront/contracts/store-hours';

export const STORE_NOT_ACCEPTING_MESSAGE = 'Store not accepting orders currently';

/**
 * Whether a search result can be chosen: online, and not closed unless it accepts orders while closed
 * (spec "location search"). Missing flags count against the store.
 */
export function isStoreSelectable(
  store: Pick<Store, 'isOnline' | 'acceptOrdersWhenClosed' | 'status'>,
): boolean {
  return canTakeOrders({
    isOnline: store.isOnline ?? false,
    acceptOrdersWhenClosed: store.acceptOrdersWhenClosed ?? false,
    locationStatus: store.status?.locationStatus ?? 'Closed',
  });
}

/**
 * The store with the status the guest is shown (shownStoreStatus: offline wins over the API's hours-based
 * status), applied where stores are loaded so that every chip, island and card reads the same status without
 * each deciding it again. The online and accept-when-closed flags are kept: the ordering rules still read them.
 */
export function withShownStatus<T extends Pick<Store, 'isOnline' | 'acceptOrdersWhenClosed' | 'status'>>(
  store: T,
): T {
  const shown = shownStoreStatus(store);
  if (shown.locationStatus === store.status?.locationStatus && shown.description === store.status.description)
    return store;
  return { ...store, status: { locationStatus: shown.locationStatus, description: shown.description } };
}
