import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { z } from 'zod';
import { PROMO_POPUP_FLAG, PromoPopupSchema, type PromoPopup } from '@storefront/contracts/marketing';
import { apiRequest } from '@/lib/api';
import { PROMO_SHOWN_COOKIE } from '@/lib/cookies';
import { isFeatureEnabled } from '@/lib/feature-flags';

/**
 * The promo popup of a store: the first enabled campaign of its brands, when the 'enable promo popup' flag is
 * on. Null when there is none; the popup is optional, so an API failure also reads as none.
 */
export const getPromoPopup = cache(async (locationId: number): Promise<PromoPopup | null> => {
  if (!(await isFeatureEnabled(PROMO_POPUP_FLAG))) return null;
  const result = await apiRequest(z.array(PromoPopupSchema), 'marketing/promo-popups', {
    query: { locationId },
  });
  return result.ok ? (result.value.find((p) => p.enabled) ?? null) : null;
});

/** Whether this guest was shown the promo popup already (the flag the search page resets). */
export async function wasPromoShown(): Promise<boolean> {
  return (await cookies()).get(PROMO_SHOWN_COOKIE)?.value === '1';
}
