import { ORDER_ERROR } from '@storefront/contracts/errors';
import type { PromoPopup } from '@storefront/contracts/marketing';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { findEnabledCampaigns, findLocationBrandIds } from './marketing.repository';

/**
 * The promo popups of a location: the enabled campaigns of every brand it serves, oldest first (the storefront
 * shows the first). 404 InvalidLocation (21034) for an unknown location; an empty list when none is enabled.
 */
export async function listPromoPopups(db: Db, locationId: number): Promise<PromoPopup[]> {
  const brandIds = await findLocationBrandIds(db, locationId);
  if (!brandIds) {
    throw notFound('InvalidLocation', `Location ${locationId} was not found`, ORDER_ERROR.InvalidLocation);
  }
  return findEnabledCampaigns(db, brandIds);
}
