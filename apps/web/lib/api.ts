import 'server-only';
import { cookies } from 'next/headers';
import type { z } from 'zod';
import type { ApiError } from '@storefront/contracts/api';
import { ACCESS_TOKEN_COOKIE } from './cookies';
import { env } from './env';

/** Expected failures are values: an API answer is either its parsed value or its status and errors. */
export type ApiResult<T> = { ok: true; value: T } | { ok: false; status: number; errors: ApiError[] };

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
  if (options.body !== undefined) headers['content-type'] = 'application/json';
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
    // Refused for want of the guest's token, which was not in the cookie: the proxy could not get one (the spec's
    // fatal 'Domain is not configured', which fetchClientToken throws and the proxy logs). The guest sees the
    // page's error state with the service-unavailable text, not the API's 'Missing access token'. Routes open to
    // all still answer; a call that sends no token on purpose (`token: null`, the kitchen's sign-in) keeps its 401.
    if (res.status === 401 && options.token === undefined && !token) {
      return { ok: false, status: 503, errors: [unavailable] };
    }
    return {
      ok: false,
      status: res.status,
      errors: body?.errors?.length ? body.errors : [{ ...unavailable, code: res.status }],
    };
  }
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) {
    throw new Error(`API ${path} answered outside its contract: ${parsed.error.message}`);
  }
  return { ok: true, value: parsed.data };
}

/** The first error's message, for a toast or an inline message. */
export function firstErrorMessage(result: { errors: ApiError[] }, fallback = 'Please try again.'): string {
  return result.errors[0]?.message ?? fallback;
}
