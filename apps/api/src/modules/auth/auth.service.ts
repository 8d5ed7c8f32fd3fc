import { createHmac, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { OrderChannelSchema } from '@storefront/contracts/enums';
import type { TokenValue } from '@storefront/contracts/auth';
import type { Db } from '../../db/client';
import { DomainError } from '../../lib/errors';
import { perDb } from '../../lib/per-db';
import type { TokenService } from '../../lib/tokens';
import { refreshCustomerToken } from '../accounts/sessions.service';
import { findClient } from './auth.repository';

const invalidClient = () =>
  new DomainError(401, { key: 'InvalidClient', code: 401, message: 'Invalid client credentials' });

/**
 * Client credentials this process has verified lately. Secrets are stored as argon2id hashes, which are made to
 * be slow (19 MB and about 10 ms of CPU each, measured here); the storefront server asks for a token for every
 * new guest, so without this every first visit to the storefront paid for one (and the token route's limit on
 * attempts capped new guests). A credential is remembered with the hash it matched: once the client's secret is
 * changed (a new hash), the old secret is checked again and refused. Only a correct secret is remembered, so
 * guessing costs what it did. Keys are HMACs under a per-process random key: no secret is kept as such.
 */
const VERIFIED_FOR_MS = 10 * 60_000;
const MAX_VERIFIED = 64;
const verifiedOf = perDb(() => new Map<string, { secretHash: string; until: number }>());
const keySecret = randomBytes(32);

function credentialKey(clientId: string, clientSecret: string): string {
  return createHmac('sha256', keySecret)
    .update(clientId)
    .update('\0')
    .update(clientSecret)
    .digest('base64url');
}

/** The hash these credentials were last found to match, while that is recent (else null). */
function recentlyVerifiedHash(db: Db, clientId: string, clientSecret: string): string | null {
  const verified = verifiedOf(db);
  const key = credentialKey(clientId, clientSecret);
  const entry = verified.get(key);
  if (!entry) return null;
  if (entry.until <= Date.now()) {
    verified.delete(key);
    return null;
  }
  return entry.secretHash;
}

/**
 * Whether these credentials were found correct lately. The token route's limit on attempts counts only the
 * others: it is there against guessing a secret, not against the storefront server's own guests.
 */
export function isRecentlyVerified(db: Db, clientId: string, clientSecret: string): boolean {
  return recentlyVerifiedHash(db, clientId, clientSecret) !== null;
}

function rememberVerified(db: Db, clientId: string, clientSecret: string, secretHash: string) {
  const verified = verifiedOf(db);
  if (verified.size >= MAX_VERIFIED) {
    const oldest = verified.keys().next();
    if (!oldest.done) verified.delete(oldest.value);
  }
  verified.set(credentialKey(clientId, clientSecret), { secretHash, until: Date.now() + VERIFIED_FOR_MS });
}

/**
 * An argon2id hash of a random secret, made with the same (default) parameters as the clients' hashes. An unknown
 * client id is verified against it, so that it costs what a known id with a wrong secret costs: otherwise the
 * answer's time (about 1 ms against 10 ms or more) tells which client ids exist.
 */
let dummyHash: Promise<string> | null = null;
const unknownClientHash = () => (dummyHash ??= hash(randomBytes(32).toString('base64url')));

async function verifySecret(secretHash: string, clientSecret: string): Promise<boolean> {
  return verify(secretHash, clientSecret).catch((error: unknown) => {
    throw error instanceof Error ? error : new Error(String(error));
  });
}

/**
 * Client-credentials grant: a guest token for the client's app type (105, 106 or 107); with a refresh token, the
 * refresh grant: a user token for the client's app type in that customer session (401 SessionInvalid, 10005,
 * once the session is revoked or expired). Fails with 401 InvalidClient for an unknown client or a wrong secret,
 * after the same work for both.
 */
export async function issueClientToken(
  db: Db,
  tokens: TokenService,
  clientId: string,
  clientSecret: string,
  refreshToken?: string,
): Promise<TokenValue> {
  const client = await findClient(db, clientId);
  if (!client) {
    await verifySecret(await unknownClientHash(), clientSecret);
    throw invalidClient();
  }
  if (recentlyVerifiedHash(db, clientId, clientSecret) !== client.secretHash) {
    const valid = await verifySecret(client.secretHash, clientSecret);
    if (!valid) throw invalidClient();
    rememberVerified(db, clientId, clientSecret, client.secretHash);
  }
  const appType = OrderChannelSchema.parse(client.appType);
  if (refreshToken !== undefined) return refreshCustomerToken(db, tokens, refreshToken, appType);
  const { token, expiresIn } = await tokens.signAccessToken({ appType });
  return { accessToken: token, tokenType: 'Bearer', expiresIn, appType };
}
