import 'server-only';
import { cookies, headers as requestHeaders } from 'next/headers';
import { redirect } from 'next/navigation';
import type { z } from 'zod';
import { ACCOUNT_ERROR } from '@storefront/contracts/accounts';
import type { ApiError } from '@storefront/contracts/api';
import { ACCESS_TOKEN_COOKIE } from './cookies';
import { env, secureCookies } from './env';
import { clientAddressHeaders } from './client-address';
import { isTokenRefused } from './session-check';
import { clearSignedInCookies } from './session-cookies';
import { tokenUserId } from './token';

/** Expected failures are values: an API answer is either its parsed value or its status and errors. */
/** A failure's `value` is the error envelope's value as sent (e.g. the inactive account's id), unparsed. */
export type ApiResult<T> =
  { ok: true; value: T } | { ok: false; status: number; errors: ApiError[]; value?: unknown };

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Defaults to the access token of the current request's cookie; `null` sends none. */
  token?: string | null;
  headers?: Record<string, string>;
  /** Seconds to cache a GET in Next's data cache; omitted means no caching. */
  revalidate?: number;
  /** Data-cache tags of a cached GET (invalidated with updateTag/revalidateTag). */
  tags?: string[];
}

const unavailable: ApiError = {
  key: 'Unavailable',
  code: 500,
  message: 'The service is not available at this moment',
};

/** The spec's fatal error when a request has no token to send (app error code 9904, misconfigured). */
const domainNotConfigured: ApiError = {
  key: 'Token',
  code: 9904,
  message: 'Domain is not configured',
};

export async function currentAccessToken(): Promise<string | null> {
  return (await cookies()).get(ACCESS_TOKEN_COOKIE)?.value ?? null;
}

function buildUrl(path: string, query: ApiRequestOptions['query']): string {
  const url = new URL(`/v1/${path.replace(/^\//, '')}`, env.API_URL);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url.toString();
}

/**
 * Calls the ordering API and parses the envelope's value with the contract's schema. Network failures and
 * error envelopes come back as `{ ok: false }`; an answer that breaks its contract throws (a bug, not a state).
 */
export async function apiRequest<S extends z.ZodType>(
  schema: S,
  path: string,
  options: ApiRequestOptions = {},
): Promise<ApiResult<z.output<S>>> {
  const token = options.token === undefined ? await currentAccessToken() : options.token;
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  // A user token's requests say whose they are (spec: the X-Integration header carries the user id).
  const userId = tokenUserId(token);
  if (userId) headers['x-integration'] = userId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // The guest's own address for the API's per-address limits; cached reads are shared by all guests and carry none.
  if (options.revalidate === undefined) Object.assign(headers, clientAddressHeaders(await requestHeaders()));
  let res: Response;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      ...(options.revalidate === undefined
        ? { cache: 'no-store' }
        : { next: { revalidate: options.revalidate, tags: options.tags } }),
    });
  } catch {
    return { ok: false, status: 503, errors: [unavailable] };
  }
  const body = (await res.json().catch(() => null)) as {
    value?: unknown;
    succeed?: boolean;
    errors?: ApiError[];
  } | null;
  if (!res.ok || !body || body.succeed === false) {
    // Refused for want of the guest's token, which was not in the cookie: the proxy could not get one. The spec's
    // fatal 'Domain is not configured' (9904, a blocking code), not the API's 'Missing access token'. Routes open
    // to all still answer; a call that sends no token on purpose (`token: null`, the kitchen's sign-in) keeps its
    // 401.
    if (res.status === 401 && options.token === undefined && !token) {
      return { ok: false, status: 503, errors: [domainNotConfigured] };
    }
    // The customer session behind the cookie's user token is over (logout elsewhere, password reset, expiry):
    // 401 or 10005 resets the session (spec: 'Your session has been reset.'). A caller that passes its own token
    // (logout) handles the answer itself.
    // A guest's token refused by the API (expired, or signed with a secret since rotated) resets the same way
    // (spec: any 401), once the API confirms it is the token it refuses: other 401s (a wrong password, a
    // tracking link's token) leave the guest's order alone.
    if (options.token === undefined) {
      const sessionInvalid =
        res.status === 401 || body?.errors?.some((e) => Number(e.code) === ACCOUNT_ERROR.SessionInvalid);
      if (sessionInvalid && (userId || (res.status === 401 && (await isTokenRefused(token))))) {
        await resetSession();
      }
    }
    return {
      ok: false,
      status: res.status,
      errors: body?.errors?.length ? body.errors : [{ ...unavailable, code: res.status }],
      ...(body?.value === undefined || body.value === null ? {} : { value: body.value }),
    };
  }
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    throw new Error(`API ${path} answered outside its contract: ${parsed.error.message}`);
  }
  return { ok: true, value: parsed.data };
}

/**
 * Drops the signed-in cookies where this code may write cookies (server actions, route handlers): the caller
 * gets its error answer and the next page starts as a guest with the toast. Where it may not (a server
 * component's render), the browser goes through /api/session-reset, which does the same and comes back.
 */
async function resetSession(): Promise<void> {
  const store = await cookies();
  try {
    clearSignedInCookies(store, secureCookies, 'session-reset');
    return;
  } catch {
    // Read-only cookies: a render.
  }
  const path = (await requestHeaders()).get('x-pathname') ?? '/';
  redirect(`/api/session-reset?next=${encodeURIComponent(path)}`);
}

/** The first error's message, for a toast or an inline message. */
export function firstErrorMessage(result: { errors: ApiError[] }, fallback = 'Please try again.'): string {
  return result.errors[0]?.message ?? fallback;
}
