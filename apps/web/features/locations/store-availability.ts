import type { Store } from '@storefront/contracts/locations';
import { canTakeOrders } from '@storefront/contracts/store-hours';

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
