import type { ApiError } from '@storefront/contracts/api';
import { ORDER_ERROR, SNAPSHOT_MISMATCH } from '@storefront/contracts/errors';
import { ADD_FAILURE } from './add-failure';

/** Why a write failed, for the item page: its dialog, or the redirect to the store menu on a snapshot mismatch. */
export type OrderFailureReason = 'customization' | 'snapshot' | 'unexpected';
export interface OrderFailure {
  ok: false;
  error: string;
  reason: OrderFailureReason;
}

/**
 * Codes meaning the item itself cannot be served as chosen: out of stock (21001), unknown item or modifier
 * (21002), portion missing (21009). These show 'Oops! An error occurred' / 'A required customization is
 * unavailable. Please review the item.'; every other code is 'An unexpected error occurred' / 'Please try again.'
 */
export const CUSTOMIZATION_CODES: readonly number[] = [
  ORDER_ERROR.ItemOutOfStock,
  ORDER_ERROR.InvalidItem,
  ORDER_ERROR.ItemPortionMissing,
];

/** Every error is the snapshot-mismatch code (21031): the one case retried with forceUpdate. */
export const isSnapshotMismatch = (errors: readonly ApiError[]) =>
  errors.length > 0 && errors.every((e) => Number(e.code) === SNAPSHOT_MISMATCH);

export function orderFailure(errors: readonly ApiError[]): OrderFailure {
  if (isSnapshotMismatch(errors)) {
    return { ok: false, error: 'The menu has changed.', reason: 'snapshot' };
  }
  if (errors.some((e) => CUSTOMIZATION_CODES.includes(Number(e.code)))) {
    return {
      ok: false,
      error: ADD_FAILURE.customization.message,
      reason: 'customization',
    };
  }
  return { ok: false, error: ADD_FAILURE.unexpected.message, reason: 'unexpected' };
}
