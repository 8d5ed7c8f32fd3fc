import 'server-only';
import { decodeJwt } from 'jose';
import { TokenResponseSchema, type TokenValue } from '@storefront/contracts/auth';
import { ACCOUNT_ERROR } from '@storefront/contracts/accounts';
import { ORDER_CHANNEL, type OrderChannel } from '@storefront/contracts/enums';
import { clientAddressHeaders } from './client-address';
import { env } from './env';

const credentials: Record<OrderChannel, { clientId: string; clientSecret: string }> = {
  [ORDER_CHANNEL.web]: { clientId: env.WEB_CLIENT_ID, clientSecret: env.WEB_CLIENT_SECRET },
  [ORDER_CHANNEL.catering]: { clientId: env.CATERING_CLIENT_ID, clientSecret: env.CATERING_CLIENT_SECRET },
  [ORDER_CHANNEL.inStore]: { clientId: env.INSTORE_CLIENT_ID, clientSecret: env.INSTORE_CLIENT_SECRET },
};

export function parseClientType(value: string | null | undefined): OrderChannel {
  const n = Number(value);
  return n === ORDER_CHANNEL.catering || n === ORDER_CHANNEL.inStore ? n : ORDER_CHANNEL.web;
}

/**
 * Client-credentials token for an app type, from the API. Throws when the API is unreachable or refuses
 * ('Domain is not configured' in the spec's words: the storefront cannot work without a token).
 * `incoming`: the headers of the guest's request it is for, whose signed address (server.mjs) goes with it, so that
 * the API's per-address limit on its token route counts the guest, not the storefront.
 */
export async function fetchClientToken(
  clientType: OrderChannel,
  incoming: Pick<Headers, 'get'>,
): Promise<TokenValue> {
  const res = await fetch(`${env.API_URL}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...clientAddressHeaders(incoming) },
    body: JSON.stringify(credentials[clientType]),
    cache: 'no-store',
  });
  const body = TokenResponseSchema.safeParse(await res.json().catch(() => null));
  if (!res.ok || !body.success)
    throw new Error(`Domain is not configured (token request failed: ${res.status})`);
  return body.data.value;
}

/**
 * The customer id a user token carries (its `uid` claim, read without verifying: the API verifies), or null for a
 * guest token or an unreadable one. Requests made with a user token send it as X-Integration.
 */
export function tokenUserId(token: string | null | undefined): string | null {
  if (!token) return null;
  try {
    const { uid } = decodeJwt(token);
    return typeof uid === 'string' || typeof uid === 'number' ? String(uid) : null;
  } catch {
    return null;
  }
}

export type RefreshOutcome =
  | { ok: true; token: TokenValue }
  /** `revoked`: the API refused the refresh token (401 or 10005): the customer session is over. */
  | { ok: false; revoked: boolean };

/**
 * A new user access token for `clientType` from a signed-in customer's refresh token (POST /v1/oauth/token with
 * the client's credentials and refreshToken). Also how the web<->catering switch keeps the customer signed in.
 * A refused refresh is `revoked`; an unreachable API is not (the session may still be fine). `incoming`: the
 * guest's request's headers, whose signed address goes with it (as for fetchClientToken).
 */
export async function refreshUserToken(
  clientType: OrderChannel,
  refreshToken: string,
  incoming: Pick<Headers, 'get'>,
): Promise<RefreshOutcome> {
  let res: Response;
  try {
    res = await fetch(`${env.API_URL}/v1/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...clientAddressHeaders(incoming) },
      body: JSON.stringify({ ...credentials[clientType], refreshToken }),
      cache: 'no-store',
    });
  } catch {
    return { ok: false, revoked: false };
  }
  const json: unknown = await res.json().catch(() => null);
  const body = TokenResponseSchema.safeParse(json);
  if (res.ok && body.success) return { ok: true, token: body.data.value };
  const codes =
    json && typeof json === 'object' && 'errors' in json && Array.isArray(json.errors)
      ? json.errors.map((e: unknown) => (e && typeof e === 'object' && 'code' in e ? Number(e.code) : NaN))
      : [];
  const revoked =
    res.status === 401 ||
    res.status === 400 ||
    res.status === 403 ||
    codes.includes(ACCOUNT_ERROR.SessionInvalid);
  return { ok: false, revoked };
}
