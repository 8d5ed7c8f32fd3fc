/**
 * Whether a location can take an order now (online flag, schedule status with the demo stores' rolling
 * schedules, order limits), as the locations module computes it.
 */
import type { Db } from '../../db/client';
import { getLocationForOrdering, type LocationForOrdering } from '../locations/locations.service';

export async function getLocationOrderingState(db: Db, locationId: number, now: Date) {
  const location = await getLocationForOrdering(db, locationId, now.getTime());
  if (!location) return null;
  return orderingStateOf(location);
}

/** The ordering state of a location read already (locationForOrderingOf). */
export function orderingStateOf(location: LocationForOrdering) {
  return {
    location: {
      isOnline: location.isOnline,
      timeZone: location.timeZone,
      acceptOrdersWhenClosed: location.acceptOrdersWhenClosed,
      ...location.orderSettings,
    },
    schedule: location.schedule,
    status: location.status,
    canTakeOrders: location.canTakeOrders,
  };
}
export type LocationOrderingState = ReturnType<typeof orderingStateOf>;
