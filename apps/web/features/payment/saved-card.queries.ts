import 'server-only';
import { z } from 'zod';
import { FEATURE_FLAG } from '@storefront/contracts/templates';
import type { PaymentProcessorCode } from '@storefront/contracts/payments';
import { SavedPaymentSchema, type SavedPayment } from '@storefront/contracts/saved-payments';
import { apiRequest, currentAccessToken } from '@/lib/api';
import { isFeatureEnabled } from '@/lib/feature-flags';
import { tokenUserId } from '@/lib/token';

/**
 * Whether the visitor may use saved cards: signed in (a user token) and the 'enable saved payments' flag on
 * (checkout-account section 6). No API call for a guest.
 */
export async function canUseSavedCards(): Promise<boolean> {
  if (!tokenUserId(await currentAccessToken())) return false;
  return isFeatureEnabled(FEATURE_FLAG.savedPayments);
}

/**
 * The signed-in customer's saved cards for a processor (all of them without one), in the API's order (the
 * first is preselected on the payment page). A guest, the flag off, or an API that cannot answer yields none:
 * the page then offers the new card only, which still works.
 */
export async function listSavedCards(processorCode?: PaymentProcessorCode | null): Promise<SavedPayment[]> {
  if (!(await canUseSavedCards())) return [];
  const result = await apiRequest(z.array(SavedPaymentSchema), 'guests/saved-payments', {
    query: { paymentProcessorCode: processorCode ?? undefined },
  });
  return result.ok ? result.value : [];
}
