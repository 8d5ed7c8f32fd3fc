import { CLIENT_ADDRESS_HEADER } from '@/server/client-address.mjs';

/**
 * The guest's address for the API's per-address limits (failed sign-ins, gift-card lookups, staff keys, captcha
 * challenges), as the header to send with a call made for the current request. The storefront's server
 * (server.mjs) took the address from its socket, removed whatever the browser claimed (X-Forwarded-For and the
 * like) and signed it in X-Storefront-Client; it is passed on unchanged, and the API believes it only when the
 * signature checks. Empty when the request has none (a cached read shared by all guests, or a server that is not
 * server.mjs): the API then counts the storefront itself.
 */
export function clientAddressHeaders(incoming: Pick<Headers, 'get'>): Record<string, string> {
  const signed = incoming.get(CLIENT_ADDRESS_HEADER);
  return signed ? { [CLIENT_ADDRESS_HEADER]: signed } : {};
}
