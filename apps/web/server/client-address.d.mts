import type { IncomingMessage } from 'node:http';

export declare const CLIENT_ADDRESS_HEADER: 'x-storefront-client';
export declare const CLIENT_ADDRESS_CLAIMS: readonly string[];
export declare const MAX_TRUST_PROXY_HOPS: number;
export declare function peerAddress(
  socketAddress: string,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string;
export declare function signClientAddress(address: string, secret: string, nowSeconds: number): string;
export declare function assignClientAddress(
  request: Pick<IncomingMessage, 'headers' | 'socket'>,
  options: { secret: string; hops: number; nowSeconds: number },
): string;
export declare function removeClientClaims(request: Pick<IncomingMessage, 'headers'>): void;
