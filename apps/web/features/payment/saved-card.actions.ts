'use server';

import { refresh } from 'next/cache';
import { z } from 'zod';
import { IdSchema } from '@storefront/contracts/bounds';
import {
  SavedPaymentAddressBodySchema,
  SavedPaymentSchema,
  validateBillingAddress,
  type BillingAddressErrors,
  type SavedPayment,
  type SavedPaymentAddressBody,
} from '@storefront/contracts/saved-payments';
import { apiRequest } from '@/lib/api';

export type SavedCardResult<T> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: BillingAddressErrors };

/**
 * Deletes one of the signed-in customer's saved cards (after the guest confirmed it) and refreshes the page
 * that lists them. A card already gone counts as deleted.
 */
export async function deleteSavedCard(id: number): Promise<SavedCardResult<null>> {
  const parsed = IdSchema.safeParse(id);
  if (!parsed.success) return { ok: false, error: 'Unknown card' };
  const result = await apiRequest(z.boolean(), `guests/saved-payments/${parsed.data}`, { method: 'DELETE' });
  if (!result.ok && result.status !== 404) {
    return { ok: false, error: result.errors[0]?.message ?? 'Unknown error' };
  }
  refresh();
  return { ok: true, data: null };
}

/**
 * Saves a saved card's billing address at the store's verification level (PATCH guests/saved-payments/{id}/
 * address). The section-5 messages come back per field, from the shared rule first and from the API after.
 */
export async function saveSavedCardAddress(
  id: number,
  address: SavedPaymentAddressBody,
): Promise<SavedCardResult<SavedPayment>> {
  const parsedId = IdSchema.safeParse(id);
  const parsed = SavedPaymentAddressBodySchema.safeParse(address);
  if (!parsedId.success || !parsed.success) return { ok: false, error: 'Please check the address' };
  const fieldErrors = validateBillingAddress(parsed.data, parsed.data.avsCoverageLevel);
  const first = Object.values(fieldErrors)[0];
  if (first) return { ok: false, error: first, fieldErrors };
  const result = await apiRequest(SavedPaymentSchema, `guests/saved-payments/${parsedId.data}/address`, {
    method: 'PATCH',
    body: parsed.data,
  });
  if (!result.ok) return { ok: false, error: result.errors[0]?.message ?? 'Unknown error' };
  refresh();
  return { ok: true, data: result.value };
}
