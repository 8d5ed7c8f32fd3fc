/** Opening a kitchen screen's live stream: the location must exist, the process must have room for it. */
import type { Db } from '../../db/client';
import { DomainError, notFound } from '../../lib/errors';
import { ORDER_ERROR } from '@storefront/contracts/errors';
import { findLocation } from '../checkout/checkout.repository';
import type { KitchenEventHub, KitchenStream } from './kitchen-events';
import { isStaffSessionActive } from './staff.repository';

const unavailable = (message: string) => new DomainError(503, { key: 'Unavailable', code: 503, message });

/**
 * A stream of the location's order changes for a staff caller (a session is re-checked at each heartbeat; a
 * caller with the staff key has none to end). 404 for an unknown location; 503 when this process already serves
 * its maximum of streams or cannot listen to the database (the screen keeps polling and tries again).
 */
export async function openKitchenStream(
  db: Db,
  hub: KitchenEventHub,
  locationId: number,
  staffSessionId: number | null,
): Promise<KitchenStream> {
  const location = await findLocation(db, locationId);
  if (!location) {
    throw notFound('LocationNotFound', `Location ${locationId} does not exist`, ORDER_ERROR.InvalidLocation);
  }
  const isSessionActive = () =>
    staffSessionId === null ? Promise.resolve(true) : isStaffSessionActive(db, staffSessionId, new Date());
  let stream: KitchenStream | null;
  try {
    stream = await hub.open(locationId, isSessionActive);
  } catch {
    throw unavailable('Live kitchen updates are not available at this moment');
  }
  if (!stream) throw unavailable('Too many live kitchen screens on this server; try again shortly');
  return stream;
}
