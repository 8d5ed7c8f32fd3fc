import type { Envelope } from '@storefront/contracts/api';

/** The success envelope every route answers with. */
export function ok<T>(value: T): Envelope<T> {
  return { value, succeed: true, errors: [] };
}
