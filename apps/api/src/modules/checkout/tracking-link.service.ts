import { fulfillmentPlaceTypeOf, trackingPageUrl } from '@storefront/contracts/tracking';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { conflict } from '../../lib/errors';
import type { Session } from '../../lib/tokens';
import type { TokenService } from '../../lib/tokens';
import { requireOwnedOrder } from './checkout.service';

/**
 * The storefront's tracking page for a placed order, opened by a tracking token, with its fulfilment place type
 * (fp) for a curbside or table order (409 before placement).
 */
export async function getTrackingUrl(
  db: Db,
  env: Env,
  tokens: TokenService,
  session: Session,
  orderId: number,
) {
  const order = await requireOwnedOrder(db, session, orderId);
  if (!order.placedAt) throw conflict('OrderNotPlaced', 'The order has not been placed yet', 21042);
  const trackingToken = await tokens.signTrackingToken(order.id);
  const url = trackingPageUrl(env.WEB_PUBLIC_URL, order.id, trackingToken, fulfillmentPlaceTypeOf(order));
  return { url, trackingToken };
}
