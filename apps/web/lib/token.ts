import 'server-only';
import { TokenResponseSchema, type TokenValue } from '@storefront/contracts/auth';
import { ORDER_CHANNEL, type OrderChannel } from '@storefront/contracts/enums';
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
 */
export async function fetchClientToken(clientType: OrderChannel): Promise<TokenValue> {
  const res = await fetch(`${env.API_URL}/v1/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials[clientType]),
    cache: 'no-store',
  });
  const body = TokenResponseSchema.safeParse(await res.json().catch(() => null));
  if (!res.ok || !body.success)
    throw new Error(`Domain is not configured (token request failed: ${res.status})`);
  return body.data.value;
}
