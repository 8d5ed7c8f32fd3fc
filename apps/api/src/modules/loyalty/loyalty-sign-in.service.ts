/**
 * Loyalty sign-in (login configuration Loyalty, 2): the storefront signs a member in at the loyalty provider's
 * OpenID Connect issuer with the authorization code flow and PKCE (S256), the API being the relying party
 * (`openid-client`). The API makes the `state`, the PKCE code verifier and the nonce and keeps them (the verifier
 * never leaves the API); the storefront sends the browser to the issuer, gets the code back at /loyalty-sso and
 * hands it here with the state, in the same order session. The code is exchanged once, the ID token checked
 * (issuer, audience, signature, nonce, expiry), and the member signed in as the customer their subject is.
 *
 * The issuer is the built-in one of our own program (oidc-issuer.ts) unless LOYALTY_OIDC_ISSUER names another.
 */
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { LoginValue } from '@storefront/contracts/accounts';
import { LOGIN_CONFIGURATION } from '@storefront/contracts/enum-values';
import {
  LOYALTY_ERROR,
  LOYALTY_MESSAGES,
  LOYALTY_SIGN_IN_TTL_SECONDS,
  LOYALTY_SSO_PATH,
  type LoyaltyCodeExchangeBody,
  type LoyaltySignInValue,
} from '@storefront/contracts/loyalty';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { DomainError } from '../../lib/errors';
import type { Session, TokenService } from '../../lib/tokens';
import { requireOwnedOrder } from '../checkout/checkout.service';
import { claimSignIn, insertSignIn } from './loyalty.repository';
import { signInMember } from './loyalty.service';
import type { BuiltInIssuer } from './oidc-issuer';

/** The scopes asked for: who the member is, their e-mail address and name. */
export const LOYALTY_SIGN_IN_SCOPE = 'openid email profile';

/** A request to the app itself (Fastify's inject), for the built-in issuer's back-channel calls. */
export type InjectRequest = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}) => Promise<{
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  rawPayload: Buffer;
}>;

/** The issuer the API signs members in at, and the openid-client configuration to talk to it. */
export interface LoyaltyIssuer {
  /** Its issuer identifier (the identities of its members are kept under it). */
  issuer: string;
  /** Discovery, once (again after a failure). */
  configuration: () => Promise<oidc.Configuration>;
}

/**
 * The issuer of this app: LOYALTY_OIDC_ISSUER with its client, else the built-in one, whose discovery, token
 * and keys are asked of this app directly (no network: it answers even where the API cannot reach its own
 * public URL).
 */
export function createLoyaltyIssuer(
  env: Env,
  builtIn: BuiltInIssuer | null,
  inject: InjectRequest,
): LoyaltyIssuer {
  const external =
    env.LOYALTY_OIDC_ISSUER !== undefined &&
    env.LOYALTY_OIDC_CLIENT_ID !== undefined &&
    env.LOYALTY_OIDC_CLIENT_SECRET !== undefined
      ? {
          issuer: env.LOYALTY_OIDC_ISSUER,
          clientId: env.LOYALTY_OIDC_CLIENT_ID,
          clientSecret: env.LOYALTY_OIDC_CLIENT_SECRET,
        }
      : null;
  const setup =
    external ??
    (builtIn && {
      issuer: builtIn.issuerUrl,
      clientId: builtIn.clientId,
      clientSecret: builtIn.clientSecret,
    });
  if (!setup) {
    // No issuer at all (production without LOYALTY_OIDC_ISSUER_SECRET, where loyalty login is off): a sign-in
    // asked for anyway answers that the program cannot be reached.
    return {
      issuer: 'none',
      configuration: () => Promise.reject(new Error('No loyalty issuer is configured')),
    };
  }
  const issuerUrl = new URL(setup.issuer);
  const options: oidc.DiscoveryRequestOptions = {};
  if (!external) options[oidc.customFetch] = injectFetch(inject, issuerUrl);
  // Plain HTTP: the built-in issuer (asked in-process), or an external one outside production (a local issuer).
  if (issuerUrl.protocol === 'http:' && (!external || env.NODE_ENV !== 'production')) {
    options.execute = [oidc.allowInsecureRequests];
  }
  let configuration: Promise<oidc.Configuration> | null = null;
  return {
    issuer: setup.issuer,
    configuration: () => {
      configuration ??= oidc
        .discovery(issuerUrl, setup.clientId, undefined, oidc.ClientSecretBasic(setup.clientSecret), options)
        .catch((error: unknown) => {
          configuration = null;
          throw error;
        });
      return configuration;
    },
  };
}

/** openid-client's fetch, answered by the app itself for addresses under the built-in issuer. */
function injectFetch(inject: InjectRequest, issuerUrl: URL): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    if (target.origin !== issuerUrl.origin || !target.pathname.startsWith(issuerUrl.pathname)) {
      throw new Error(`The built-in loyalty issuer does not serve ${target.origin}${target.pathname}`);
    }
    const headers: Record<string, string> = { ...options.headers, host: issuerUrl.host };
    let payload: string | undefined;
    if (options.body instanceof URLSearchParams) {
      payload = options.body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded;charset=UTF-8';
    } else if (typeof options.body === 'string') {
      payload = options.body;
    }
    const answer = await inject({
      method: options.method === 'POST' ? 'POST' : 'GET',
      url: `${target.pathname}${target.search}`,
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, {
      status: answer.statusCode,
      headers: responseHeaders,
    });
  };
}

const loyaltyLoginOff = () =>
  new DomainError(404, {
    key: 'LoyaltyLoginOff',
    code: LOYALTY_ERROR.LoyaltyLoginOff,
    message: 'Signing in through the loyalty program is not offered here',
  });

const providerUnavailable = () =>
  new DomainError(503, {
    key: 'LoyaltyProviderUnavailable',
    code: LOYALTY_ERROR.LoyaltyProviderUnavailable,
    message: 'The loyalty program cannot be reached. Please try again.',
  });

const codeRefused = () =>
  new DomainError(401, {
    key: 'LoyaltyLoginFailed',
    code: LOYALTY_ERROR.LoyaltyLoginFailed,
    message: LOYALTY_MESSAGES.loginFailed,
  });

/** The storefront's /loyalty-sso: the one place the issuer may send a member back to. */
export function loyaltyCallbackUrl(env: Pick<Env, 'WEB_PUBLIC_URL'>): string {
  return `${new URL(env.WEB_PUBLIC_URL).origin}${LOYALTY_SSO_PATH}`;
}

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

async function configurationOf(issuer: LoyaltyIssuer, log: FastifyBaseLogger) {
  try {
    return await issuer.configuration();
  } catch (error) {
    log.warn(
      { err: error, issuer: issuer.issuer },
      'loyalty sign-in: the issuer did not answer its discovery',
    );
    throw providerUnavailable();
  }
}

/**
 * Starts a sign-in for the caller's order session: the address of the issuer's authorization endpoint (code
 * flow, PKCE S256, state and nonce) and its state. 404 (23011) when the login configuration is not Loyalty; 400
 * when `callbackUrl` is not the storefront's /loyalty-sso; 503 (23013) when the issuer does not answer.
 */
export async function startLoyaltySignIn(
  db: Db,
  env: Env,
  issuer: LoyaltyIssuer,
  log: FastifyBaseLogger,
  session: Session,
  callbackUrl: string,
  now: Date = new Date(),
): Promise<LoyaltySignInValue> {
  if (env.LOGIN_CONFIGURATION !== LOGIN_CONFIGURATION.Loyalty) throw loyaltyLoginOff();
  const redirectUri = loyaltyCallbackUrl(env);
  if (callbackUrl !== redirectUri) {
    throw new DomainError(400, {
      key: 'callbackUrl',
      code: 400,
      message: `callbackUrl must be the storefront's ${LOYALTY_SSO_PATH} (${redirectUri})`,
    });
  }
  const configuration = await configurationOf(issuer, log);
  const state = oidc.randomState();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  await insertSignIn(
    db,
    {
      stateHash: hashState(state),
      codeVerifier,
      nonce,
      orderSessionId: session.sid,
      redirectUri,
      expiresAt: new Date(now.getTime() + LOYALTY_SIGN_IN_TTL_SECONDS * 1000),
    },
    now,
  );
  const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: LOYALTY_SIGN_IN_SCOPE,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { authorizationUrl: authorizationUrl.href, state };
}

const MemberClaimsSchema = z.object({
  sub: z.string().min(1).max(200),
  email: z.string().email().max(254),
  email_verified: z.boolean().optional(),
  given_name: z.string().max(100).default(''),
  family_name: z.string().max(100).default(''),
  phone_number: z
    .string()
    .max(30)
    .transform((p) => p.replace(/\D/g, '').slice(-10))
    .default(''),
});

/**
 * Exchanges the authorization code of a sign-in this order session started for a customer session (cart carried
 * over, as a password sign-in); `orderId`, when sent, must be an order of this session still being built. Refused alike, 401 (23012) 'Login attempt failed': a state this session did not
 * start, used before, or older than LOYALTY_SIGN_IN_TTL_SECONDS; a code the issuer refuses (wrong, used before,
 * expired, made for another sign-in's PKCE challenge); an ID token that does not check out. 404 (23011) when the
 * login configuration is not Loyalty; 503 (23013) when the issuer does not answer its discovery.
 */
export async function exchangeLoyaltyCode(
  db: Db,
  tokens: TokenService,
  env: Env,
  issuer: LoyaltyIssuer,
  log: FastifyBaseLogger,
  session: Session,
  body: LoyaltyCodeExchangeBody,
  now: Date = new Date(),
): Promise<LoginValue> {
  if (env.LOGIN_CONFIGURATION !== LOGIN_CONFIGURATION.Loyalty) throw loyaltyLoginOff();
  if (body.orderId !== undefined) {
    // The order the member's session carries on: this session's, and still being built (404 21042 / 409 21041,
    // as every order route answers; the state is left unused).
    await requireOwnedOrder(db, session, body.orderId, { open: true });
  }
  // Used up here, before the issuer is asked: a state (and its verifier) serves one exchange at most.
  const signIn = await claimSignIn(db, hashState(body.state), now);
  if (!signIn || signIn.expiresAt <= now || signIn.orderSessionId !== session.sid) throw codeRefused();
  const configuration = await configurationOf(issuer, log);
  const returned = new URL(signIn.redirectUri);
  returned.searchParams.set('code', body.code);
  returned.searchParams.set('state', body.state);
  if (body.iss !== undefined) returned.searchParams.set('iss', body.iss);
  let claims: z.infer<typeof MemberClaimsSchema>;
  try {
    const grant = await oidc.authorizationCodeGrant(configuration, returned, {
      pkceCodeVerifier: signIn.codeVerifier,
      expectedState: body.state,
      expectedNonce: signIn.nonce,
      idTokenExpected: true,
    });
    const idClaims = grant.claims();
    if (!idClaims) throw codeRefused();
    const fromToken = MemberClaimsSchema.safeParse(idClaims);
    const parsed = fromToken.success
      ? fromToken
      : MemberClaimsSchema.safeParse({
          ...(await oidc.fetchUserInfo(configuration, grant.access_token, idClaims.sub)),
          sub: idClaims.sub,
        });
    if (!parsed.success) throw codeRefused();
    claims = parsed.data;
  } catch (error) {
    if (error instanceof DomainError) throw error;
    log.warn({ err: error, issuer: issuer.issuer }, 'loyalty sign-in: the code was not exchanged');
    throw codeRefused();
  }
  return signInMember(db, tokens, session, {
    issuer: issuer.issuer,
    subject: claims.sub,
    email: claims.email,
    // An address the issuer has not verified signs nobody in to an account that already has it.
    emailVerified: claims.email_verified === true,
    firstName: claims.given_name,
    lastName: claims.family_name,
    phoneNumber: claims.phone_number,
    now,
  }).catch((error: unknown) => {
    throw error instanceof DomainError && error.status === 401 ? codeRefused() : error;
  });
}
