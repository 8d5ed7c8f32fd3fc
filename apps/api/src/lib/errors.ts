/**
 * Expected failures are values the API answers with the spec's codes. Services throw DomainError;
 * the error plugin turns it into the `{ value: null, succeed: false, errors }` envelope.
 */
import type { ApiError } from '@storefront/contracts/api';

export class DomainError extends Error {
  readonly status: number;
  readonly errors: ApiError[];
  /** Headers the answer carries (e.g. Retry-After of a 429). */
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, errors: ApiError | ApiError[], headers: Record<string, string> = {}) {
    const list = Array.isArray(errors) ? errors : [errors];
    super(list.map((e) => `${e.code} ${e.message}`).join('; '));
    this.name = 'DomainError';
    this.status = status;
    this.errors = list;
    this.headers = headers;
  }
}

export const badRequest = (key: string, message: string, code: number | string = 400) =>
  new DomainError(400, { key, code, message });
export const unauthorized = (message = 'Authentication required') =>
  new DomainError(401, { key: 'Unauthorized', code: 401, message });
export const forbidden = (message = 'Forbidden') =>
  new DomainError(403, { key: 'Forbidden', code: 403, message });
export const notFound = (key: string, message: string, code: number | string = 404) =>
  new DomainError(404, { key, code, message });
export const conflict = (key: string, message: string, code: number | string = 409) =>
  new DomainError(409, { key, code, message });
/** A domain rule was broken (422 with the spec's order code). */
export const ruleBroken = (key: string, code: number, message: string) =>
  new DomainError(422, { key, code, message });
