/**
 * The built-in OpenID Connect issuer of our own loyalty program (OpenProviderLoyalty, 5), used when no external
 * issuer is configured (LOYALTY_OIDC_ISSUER unset): `oidc-provider` (a certified OpenID Provider library) mounted in
 * this process at API_PUBLIC_URL/loyalty-oidc, where members sign in with their e-mail address and password. It
 * knows one client, the storefront (authorization code with PKCE S256 only, redirect URI WEB_PUBLIC_URL/loyalty-sso),
 * and asks no consent of it (first party).
 *
 * Several API processes behind one address serve one issuer: its state (sessions, grants, interactions, codes,
 * tokens) is kept in the database (oidc_store, purged once expired by jobs/purge.ts), and its ID-token signing key
 * (ES256), cookie keys and the storefront's client secret are derived from LOYALTY_OIDC_ISSUER_SECRET (HKDF), so
 * every process signs, checks and reads the same. A sign-in begun on one process completes on any other, and a
 * restart keeps it.
 */
import { createECDH, createHash, hkdfSync } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Adapter, AdapterPayload, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { LOYALTY_SIGN_IN_TTL_SECONDS, LOYALTY_SSO_PATH } from '@storefront/contracts/loyalty';
import type { Db } from '../../db/client';
import { oidcStore } from '../../db/schema/loyalty';
import type { Env } from '../../env';
import { findCustomerById } from '../accounts/accounts.repository';

/** Where the issuer is mounted on the API's origin. */
export const OIDC_ISSUER_MOUNT = '/loyalty-oidc';
/** The storefront's client id at the built-in issuer. */
export const BUILT_IN_CLIENT_ID = 'storefront';
/** An authorization code is good for this long (the storefront exchanges it within a second). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** The member stays signed in at the issuer this long (a second storefront sign-in skips the password). */
export const ISSUER_SESSION_TTL_SECONDS = 60 * 60;
/** The ID token's signing algorithm: a P-256 key, derived from the issuer's secret. */
export const ID_TOKEN_SIGNING_ALG = 'ES256';

/** `length` bytes of key material for `purpose`, derived from the issuer's secret (HKDF-SHA256). */
function derive(secret: string, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'storefront-loyalty-oidc-issuer', purpose, length));
}

/**
 * The issuer's ID-token signing key as a private JWK: a P-256 private scalar derived from the secret (the next
 * derivation in the rare case one is not a valid scalar), its public point computed from it.
 */
export function signingKeyFrom(secret: string) {
  for (let attempt = 0; attempt < 16; attempt += 1) {
    const d = derive(secret, `signing-key:${attempt}`);
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(d);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey();
    const x = point.subarray(1, 33);
    const y = point.subarray(33, 65);
    return {
      kty: 'EC' as const,
      crv: 'P-256' as const,
      d: d.toString('base64url'),
      x: x.toString('base64url'),
      y: y.toString('base64url'),
      kid: createHash('sha256').update(point).digest('base64url').slice(0, 16),
      alg: ID_TOKEN_SIGNING_ALG,
      use: 'sig' as const,
    };
  }
  throw new Error('LOYALTY_OIDC_ISSUER_SECRET gives no usable signing key');
}

/** The storefront's client secret at the built-in issuer, derived from the issuer's secret. */
export function clientSecretFrom(secret: string): string {
  return derive(secret, 'client-secret').toString('base64url');
}

/** The keys the issuer signs its cookies with, derived from the issuer's secret. */
export function cookieKeysFrom(secret: string): string[] {
  return [derive(secret, 'cookie-key').toString('base64url')];
}

/**
 * oidc-provider's Adapter over the oidc_store table: one row per model and id, with its expiry (an expired row is
 * never read, and purged). A consumed authorization code is marked, so a second use is seen (and its tokens
 * revoked by the library through revokeByGrantId).
 */
export function databaseAdapter(db: Db) {
  return (model: string): Adapter => {
    const live = (id: string) =>
      and(eq(oidcStore.model, model), eq(oidcStore.id, id), gt(oidcStore.expiresAt, sql`now()`));
    const payloadOf = (row: { payload: Record<string, unknown>; consumedAt: Date | null } | undefined) => {
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };
    const columns = { payload: oidcStore.payload, consumedAt: oidcStore.consumedAt };
    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: payload as Record<string, unknown>,
          grantId: payload.grantId ?? null,
          uid: payload.uid ?? null,
          userCode: payload.userCode ?? null,
          expiresAt: sql`now() + make_interval(secs => ${expiresIn ?? ISSUER_SESSION_TTL_SECONDS})`,
        };
        await db
          .insert(oidcStore)
          .values({ model, id, ...values })
          .onConflictDoUpdate({ target: [oidcStore.model, oidcStore.id], set: values });
      },
      async find(id) {
        const [row] = await db.select(columns).from(oidcStore).where(live(id)).limit(1);
        return payloadOf(row);
      },
      async findByUid(uid) {
        const [row] = await db
          .select(columns)
          .from(oidcStore)
          .where(and(eq(oidcStore.model, model), eq(oidcStore.uid, uid), gt(oidcStore.expiresAt, sql`now()`)))
          .limit(1);
        return payloadOf(row);
      },
      async findByUserCode(userCode) {
        const [row] = await db
          .select(columns)
          .from(oidcStore)
          .where(
            and(
              eq(oidcStore.model, model),
              eq(oidcStore.userCode, userCode),
              gt(oidcStore.expiresAt, sql`now()`),
            ),
          )
          .limit(1);
        return payloadOf(row);
      },
      async consume(id) {
        await db
          .update(oidcStore)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(oidcStore.model, model), eq(oidcStore.id, id)));
      },
      async destroy(id) {
        await db.delete(oidcStore).where(and(eq(oidcStore.model, model), eq(oidcStore.id, id)));
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcStore).where(eq(oidcStore.grantId, grantId));
      },
    };
  };
}

/** The claims a member's ID token carries: who they are at the brand. */
async function findMember(db: Db, id: string) {
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return undefined;
  const customer = await findCustomerById(db, Number(id));
  if (!customer || !customer.activatedAt) return undefined;
  return {
    accountId: id,
    claims: () => ({
      sub: id,
      email: customer.email,
      email_verified: true,
      given_name: customer.firstName,
      family_name: customer.lastName,
      phone_number: customer.phoneNumber,
    }),
  };
}

export interface BuiltInIssuer {
  /** API_PUBLIC_URL/loyalty-oidc. */
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * The provider, made on first use: the library is loaded then (it warns at load on a Node.js older than 22,
   * which an API without loyalty sign-in need not print) and its RSA key takes a moment.
   */
  provider: () => Promise<Provider>;
}

/**
 * The built-in issuer of this app, from the issuer's secret (env.LOYALTY_OIDC_ISSUER_SECRET): nothing is made until
 * it is first used.
 */
export function createBuiltInIssuer(env: Env, db: Db, log: FastifyBaseLogger, secret: string): BuiltInIssuer {
  const issuerUrl = `${env.API_PUBLIC_URL.replace(/\/$/, '')}${OIDC_ISSUER_MOUNT}`;
  const clientSecret = clientSecretFrom(secret);
  let provider: Promise<Provider> | null = null;
  return {
    issuerUrl,
    clientId: BUILT_IN_CLIENT_ID,
    clientSecret,
    provider: () => {
      provider ??= makeProvider(env, db, log, issuerUrl, secret);
      return provider;
    },
  };
}

async function makeProvider(
  env: Env,
  db: Db,
  log: FastifyBaseLogger,
  issuerUrl: string,
  secret: string,
): Promise<Provider> {
  const { default: Provider } = await import('oidc-provider');
  const configuration: Configuration = {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        client_secret: clientSecretFrom(secret),
        redirect_uris: [`${env.WEB_PUBLIC_URL.replace(/\/$/, '')}${LOYALTY_SSO_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: ID_TOKEN_SIGNING_ALG,
      },
    ],
    jwks: { keys: [signingKeyFrom(secret)] },
    cookies: { keys: cookieKeysFrom(secret) },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile', 'phone'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name'],
      phone: ['phone_number'],
    },
    // The ID token carries the member's claims itself: the storefront needs no second call to userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    clientBasedCORS: () => false,
    ttl: {
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      Interaction: LOYALTY_SIGN_IN_TTL_SECONDS,
      Session: ISSUER_SESSION_TTL_SECONDS,
      Grant: ISSUER_SESSION_TTL_SECONDS,
      AccessToken: 600,
      IdToken: 600,
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_ISSUER_MOUNT}/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => findMember(db, id),
    // The storefront is our own client: the member is not asked to consent to it.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile phone');
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuerUrl, configuration);
  // The mount sets Host and X-Forwarded-Proto from the issuer URL (oidc-issuer.routes.ts): every address the
  // issuer writes is under issuerUrl, however the request reached the API.
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, error: unknown) => {
    log.error({ err: error }, 'loyalty issuer: server error');
  });
  return provider;
}
