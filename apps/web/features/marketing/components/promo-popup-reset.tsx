'use client';

import { useEffect } from 'react';
import { resetPromoShown } from '../promo-flag';

/** On the search page: the next store visited shows its promo popup again (spec section 4). */
export function PromoPopupReset() {
  useEffect(() => {
    resetPromoShown();
  }, []);
  return null;
}
