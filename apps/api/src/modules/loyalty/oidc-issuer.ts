/**
 * The built-in OpenID Connect issuer of our own loyalty program (OpenProviderLoyalty, 5), used when no external
 * issuer is configured (LOYALTY_OIDC_ISSUER unset): `oidc-provider` (a certified OpenID Provider library) mounted in
 * this process at API_PUBLIC_URL/loyalty-oidc, where members sign in with their e-mail address and password. It
 * knows one client, the storefront (authorization code with PKCE S256 only, redirect URI WEB_PUBLIC_URL/loyalty-sso),
 * and asks no consent of it (first party).
 *
 * No secret is written anywhere: the signing key, the cookie key and the client's secret are made when the issuer
 * is first used, in this process, and its state (interactions, codes, tokens) lives in this process's memory. A
 * restart ends sign-ins under way (they fail with 'Login attempt failed' and are started again). Several API
 * processes behind one address need an external issuer.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Adapter, AdapterPayload, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { LOYALTY_SIGN_IN_TTL_SECONDS, LOYALTY_SSO_PATH } from '@storefront/contracts/loyalty';
import type { Db } from '../../db/client';
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
/** The most entries the in-memory store keeps (each sign-in makes a handful); the oldest go first. */
export const ISSUER_STORE_MAX_ENTRIES = 20_000;

interface StoredEntry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * The issuer's state in this process's memory, with the expiry oidc-provider gives each entry and a bound on
 * their number. Consuming an authorization code marks it, so a second use is seen (and its tokens revoked).
 */
class MemoryStore {
  readonly #entries = new Map<string, StoredEntry>();

  get(key: string, now = Date.now()): AdapterPayload | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.payload;
  }

  set(key: string, payload: AdapterPayload, expiresInSeconds: number | undefined) {
    this.#entries.delete(key);
    const ttl = (expiresInSeconds ?? ISSUER_SESSION_TTL_SECONDS) * 1000;
    this.#entries.set(key, { payload, expiresAt: Date.now() + ttl });
    // Insertion order is age order: past the bound the oldest entry goes.
    while (this.#entries.size > ISSUER_STORE_MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
  }

  delete(key: string) {
    this.#entries.delete(key);
  }

  keys(): IterableIterator<string> {
    return this.#entries.keys();
  }
}

function memoryAdapter(store: MemoryStore) {
  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`;
    return {
      async upsert(id, payload, expiresIn) {
        store.set(key(id), payload, expiresIn);
        if (model === 'Session' && payload.uid)
          store.set(`SessionUid:${payload.uid}`, { jti: id }, expiresIn);
      },
      async find(id) {
        return store.get(key(id));
      },
      async findByUid(uid) {
        const pointer = store.get(`SessionUid:${uid}`);
        return pointer?.jti ? store.get(key(pointer.jti)) : undefined;
      },
      async findByUserCode() {
        return undefined;
      },
      async consume(id) {
        const payload = store.get(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        store.delete(key(id));
      },
      async revokeByGrantId(grantId) {
        for (const k of [...store.keys()]) {
          if (store.get(k)?.grantId === grantId) store.delete(k);
        }
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

/** The built-in issuer of this app: nothing is made until it is first used. */
export function createBuiltInIssuer(env: Env, db: Db, log: FastifyBaseLogger): BuiltInIssuer {
  const issuerUrl = `${env.API_PUBLIC_URL.replace(/\/$/, '')}${OIDC_ISSUER_MOUNT}`;
  const clientSecret = randomBytes(32).toString('base64url');
  let provider: Promise<Provider> | null = null;
  return {
    issuerUrl,
    clientId: BUILT_IN_CLIENT_ID,
    clientSecret,
    provider: () => {
      provider ??= makeProvider(env, db, log, issuerUrl, clientSecret);
      return provider;
    },
  };
}

async function makeProvider(
  env: Env,
  db: Db,
  log: FastifyBaseLogger,
  issuerUrl: string,
  clientSecret: string,
): Promise<Provider> {
  const { default: Provider } = await import('oidc-provider');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex') };
  const store = new MemoryStore();
  const configuration: Configuration = {
    adapter: memoryAdapter(store),
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${env.WEB_PUBLIC_URL.replace(/\/$/, '')}${LOYALTY_SSO_PATH}`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
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
