/** The API's configuration, validated once at boot. `process.env` is read nowhere else. */
import { dirname } from 'node:path';
import { z } from 'zod';
import { VERIFICATION_LIMITS } from '@storefront/contracts/verification';
import { loadOrCreateJwtSecret } from './lib/jwt-secret';

/**
 * The demo's client secrets and staff key: defaults outside production, and printed in the README, so anyone
 * could ask for a token or move orders with them. Production refuses to start while any is unset or one of these.
 */
export const PUBLIC_DEFAULT_SECRETS = {
  WEB_CLIENT_SECRET: 'web-demo-secret',
  CATERING_CLIENT_SECRET: 'catering-demo-secret',
  INSTORE_CLIENT_SECRET: 'instore-demo-secret',
  STAFF_KEY: 'kitchen-demo-key',
} as const;

/** A proxy named in TRUST_PROXY: an address, a CIDR range, or one of proxy-addr's names for private ranges. */
const ProxyAddressSchema = z.union([
  z.ipv4(),
  z.ipv6(),
  z.cidrv4(),
  z.cidrv6(),
  z.enum(['loopback', 'linklocal', 'uniquelocal']),
]);

/**
 * TRUST_PROXY: which proxies' X-Forwarded-For is believed for the client address (the rate limits' key). Unset
 * or 'false': none (the socket's address). A number: that many hops. Else a comma list of addresses and CIDRs.
 * 'true' (believe any sender) is refused: anyone could then pick their own address and get past every limit.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): false | number | string[] => {
    if (value === undefined || value === '' || value === 'false') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const list = value.split(',').map((part) => part.trim());
    for (const part of list) {
      if (!ProxyAddressSchema.safeParse(part).success) {
        ctx.addIssue({
          code: 'custom',
          message: `'${part}' is not a hop count, an address or a CIDR range (to trust one proxy in front, set 1)`,
        });
        return z.NEVER;
      }
    }
    return list;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The interface the API listens on. This machine only by default: the storefront beside it is its one client
   * (`0.0.0.0` or an address to serve others, e.g. behind a load balancer).
   */
  API_HOST: z.string().min(1).default('127.0.0.1'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** postgres://... runs on a PostgreSQL server; unset runs embedded PGlite in PGLITE_DIR. */
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default('./data/pglite'),
  /** Seconds a placement holds its Idempotency-Key; a key left by a crashed request is recovered after it. */
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Where the API keeps its own files (the generated JWT secret); default: the folder holding PGLITE_DIR. */
  DATA_DIR: z.string().min(1).optional(),
  /** Public origin of the API. */
  API_PUBLIC_URL: z.string().url().default('http://localhost:4000'),
  /** The card processor's merchant API (the sandbox processor app by default; see README 'Payments'). */
  PROCESSOR_URL: z.string().url().default('http://127.0.0.1:4300'),
  /**
   * The processor's origin as the guest's browser sees it: the hosted card page and the wallet sheet are served
   * there, framed by the storefront (whose PROCESSOR_PUBLIC_URL must name the same origin).
   */
  PROCESSOR_PUBLIC_URL: z.string().url().default('http://localhost:4300'),
  /** Our merchant id at the processor. */
  PROCESSOR_MERCHANT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('storefront'),
  /** Our API key at the processor (32+ characters; no default: npm start makes one per run for the sandbox). */
  PROCESSOR_API_KEY: z.string().min(32).optional(),
  /** How long one processor call may take before the API gives up on its answer (and asks again). */
  PROCESSOR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Public origin of the storefront (tracking links, CORS of the payment frame). */
  WEB_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /**
   * HS256 secret for access and tracking tokens (at least 32 characters). Required in production; elsewhere a
   * random one is made on the first start and kept in DATA_DIR. Several processes on one database share it.
   */
  JWT_SECRET: z.string().min(32).optional(),
  /**
   * HS256 secret the brand's own app signs single-sign-on tokens with (the search page's `security_token`; at
   * least 32 characters). Unset outside production: made on the first start and kept in
   * DATA_DIR/loyalty-sso-secret (`npm run loyalty:sso-token -w apps/api` mints a demo token with it). Unset in
   * production: the exchange is off.
   */
  LOYALTY_SSO_SECRET: z.string().min(32).optional(),
  /** The `iss` an SSO token must carry: the brand's app. */
  LOYALTY_SSO_ISSUER: z.string().min(1).max(200).default('capital-kitchen-app'),
  /**
   * Loyalty sign-in (login configuration 2) at the brand's own OpenID Connect issuer (its URL; discovery at
   * /.well-known/openid-configuration), with the client id and secret the issuer registered for the storefront,
   * whose redirect URI is WEB_PUBLIC_URL/loyalty-sso. All three or none; none: the built-in issuer of our own
   * loyalty program, mounted at API_PUBLIC_URL/loyalty-oidc (its keys and client secret derived from
   * LOYALTY_OIDC_ISSUER_SECRET, its state in the database).
   */
  LOYALTY_OIDC_ISSUER: z.string().url().optional(),
  /**
   * The built-in issuer's secret (32+ characters): its ID-token signing key, its cookie keys and the storefront's
   * client secret there are derived from it, so every API process of a deployment signs and checks alike and a
   * restart keeps sign-ins under way. Unset outside production: made on the first start and kept in
   * DATA_DIR/loyalty-oidc-issuer-secret. Production with the built-in issuer and loyalty login (2) refuses to
   * start without it; without loyalty login the built-in issuer is off.
   */
  LOYALTY_OIDC_ISSUER_SECRET: z.string().min(32).optional(),
  LOYALTY_OIDC_CLIENT_ID: z.string().min(1).max(200).optional(),
  LOYALTY_OIDC_CLIENT_SECRET: z.string().min(16).max(500).optional(),
  /** The brand whose loyalty program the storefront shows (My account, checkout rewards). */
  LOYALTY_BRAND_ID: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
  /** Proxies whose X-Forwarded-For gives the client address (see TrustProxySchema). */
  TRUST_PROXY: TrustProxySchema,
  /**
   * The secret the storefront server signs each guest's address with (X-Storefront-Client, plugins/client-address.ts),
   * the same value as the storefront's; at least 32 characters. Unset: no signed address is believed, and every
   * guest behind a storefront counts as the storefront's address. `npm start` makes one for both processes.
   */
  CLIENT_ADDRESS_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 12),
  TRACKING_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 24 * 7),
  /**
   * The storefront's sign-in (GET guests/login-configurations): 0 none, 1 customer accounts (QuCrm, the demo's),
   * 2 loyalty.
   */
  LOGIN_CONFIGURATION: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .default(1),
  /**
   * Client credentials seeded on first start (app type 107 / 106 / 105). The secrets' defaults are the demo's,
   * written in the README: production refuses to start with any of them (PUBLIC_DEFAULT_SECRETS).
   */
  WEB_CLIENT_ID: z.string().default('web'),
  WEB_CLIENT_SECRET: z.string().min(8).default(PUBLIC_DEFAULT_SECRETS.WEB_CLIENT_SECRET),
  CATERING_CLIENT_ID: z.string().default('catering'),
  CATERING_CLIENT_SECRET: z.string().min(8).default(PUBLIC_DEFAULT_SECRETS.CATERING_CLIENT_SECRET),
  INSTORE_CLIENT_ID: z.string().default('instore'),
  INSTORE_CLIENT_SECRET: z.string().min(8).default(PUBLIC_DEFAULT_SECRETS.INSTORE_CLIENT_SECRET),
  /** Staff key for the kitchen screen and the staff API, seeded on first start (the demo's outside production). */
  STAFF_KEY: z.string().min(8).default(PUBLIC_DEFAULT_SECRETS.STAFF_KEY),
  /**
   * With the demo data, also the bench's large-menu store ('Bench Large Menu', Anchorage) with this many items:
   * the browser journeys of a large store page use it. 0: none.
   */
  SEED_LARGE_MENU_ITEMS: z.coerce.number().int().min(0).max(5000).default(0),
  /** Load demo data when the database is empty. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The interactive API docs at /docs ('true'/'false'). Unset: on outside production, answering this machine
   * only (lib/local-only.ts); never in production: a page of scripts on the API origin (which also serves the
   * payment frame) that the public has no need of.
   */
  API_DOCS: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /** redis://...: rate limits shared by every API process; unset keeps them in this process's memory. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the rate limits' keys in Redis (apart for each deployment, or test, sharing one Redis). */
  REDIS_KEY_PREFIX: z.string().min(1).default('storefront:rate-limit:'),
  /** Address suggestions and geocoding through Google Places (API (New)); unset uses the offline US gazetteer. */
  GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
  /** The Places service origin (tests point it at a local stand-in). */
  GOOGLE_PLACES_URL: z.string().url().default('https://places.googleapis.com'),
  /** The Geocoding API origin: with a Places key, a point (the guest's position) is turned into its address. */
  GOOGLE_GEOCODING_URL: z.string().url().default('https://maps.googleapis.com'),
  /**
   * Build the offline gazetteer's index (about 41,000 ZIP codes, ~0.5-1 s of one core) before the API listens
   * ('true'), so that no request waits behind it; 'false' builds it on the first address search, blocking the
   * process meanwhile (the tests that never search set it).
   */
  GEOCODER_PRELOAD: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * ALTCHA difficulty: the secret number of a challenge is below this, and the solver tries ~half of it on average
   * (50 000: a median of ~1 s on one core of the CI machine with WebCrypto; the widget spreads the search over the
   * device's cores). Tests and e2e set it lower (solveCaptcha() pays the same cost).
   */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
  /**
   * Challenges a client address gets an hour at CAPTCHA_MAX_NUMBER; each further one doubles the work, up to 128
   * times (providers/captcha/captcha.routes.ts). Tests and e2e, all from one address, set it high.
   */
  CAPTCHA_FREE_CHALLENGES: z.coerce.number().int().min(0).max(1_000_000).default(10),
  /** How often (seconds, give or take a fifth) each API process purges expired rows (jobs/purge.ts). */
  PURGE_EVERY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /**
   * How often (seconds, give or take a fifth) each API process looks for late orders to text their opted-in guest
   * about (jobs/late-texts.ts).
   */
  LATE_TEXT_EVERY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(30),
  /**
   * The payment reconciliation (jobs/reconcile-payments.ts): every RECONCILE_EVERY_SECONDS each API process
   * gives back the money of placement attempts left open longer than RECONCILE_AFTER_SECONDS (a charge approved
   * for an order that was not placed: voided; gift-card captures: released). The window must outlast the
   * longest placement request (PROCESSOR_TIMEOUT_MS, three tries and a lookup per processor call).
   */
  RECONCILE_EVERY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  RECONCILE_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** Google reCAPTCHA instead of ALTCHA when set (the secret key of the site). */
  RECAPTCHA_SECRET_KEY: z.string().min(1).optional(),
  /** reCAPTCHA's siteverify endpoint (tests point it at a local stand-in). */
  RECAPTCHA_VERIFY_URL: z.string().url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** reCAPTCHA v3 scores below this are refused. */
  RECAPTCHA_MIN_SCORE: z.coerce.number().min(0).max(1).default(0.5),
  /** smtp(s)://user:pass@host:port: e-mail goes out by SMTP; unset, it stays in the mailbox (/mailbox). */
  SMTP_URL: z.string().url().optional(),
  /** The From of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Storefront <no-reply@localhost>'),
  /**
   * Twilio's REST Messages API for texts (verification codes, order notifications): the account SID, its auth
   * token and the sender (an E.164 number or a Messaging Service SID, MG...). All three or none; none: texts stay
   * in the development mailbox.
   */
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'an account SID: AC and 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16).max(128).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9][0-9]{6,14}|MG[0-9a-fA-F]{32})$/, 'an E.164 number or a Messaging Service SID')
    .optional(),
  /** Twilio's API origin (tests point it at a local stand-in). */
  TWILIO_API_URL: z.string().url().default('https://api.twilio.com'),
  /**
   * How long an SMS verification code lives (seconds; VERIFICATION_LIMITS.codeLifeSeconds, 10 minutes, by
   * default). Shorter only for tests and development (the journeys show 'Code has expired' without waiting 10
   * minutes); production refuses any other value than the default.
   */
  VERIFICATION_CODE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(10)
    .max(VERIFICATION_LIMITS.codeLifeSeconds)
    .default(VERIFICATION_LIMITS.codeLifeSeconds),
  /** How often the outbox worker looks for e-mail and texts to send (ms). */
  OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /**
   * The mailbox page (/mailbox and /v1/dev/mailbox: every e-mail the API wrote, links clickable) ('true'/'false').
   * Unset: on outside production, answering this machine only; never in production (it shows every activation
   * and reset link: anyone reaching it could take over any account).
   */
  MAILBOX: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * The captcha a new-card payment needs (checkout spec section 6) ('true'/'false', default on). Off only where no
   * robot can reach the API, e.g. a load bench measuring placement rather than proof of work.
   */
  PAYMENT_CAPTCHA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * Pay at the Store (offline credit): at most this many open unpaid orders (placed, not yet completed) per guest,
   * counted apart for each of the customer account, the contact phone, the contact e-mail and the client address.
   */
  PAY_LATER_MAX_OPEN_PER_GUEST: z.coerce.number().int().min(0).max(1000).default(2),
  /** Pay at the Store: open unpaid orders a store takes at once (a store's own setting overrides it). */
  PAY_LATER_MAX_OPEN_PER_STORE: z.coerce.number().int().min(0).max(100_000).default(20),
  /** Pay at the Store: the largest amount (dollars) left to collect at pickup (a store's own setting overrides it). */
  PAY_LATER_MAX_TOTAL: z.coerce.number().min(0).max(100_000).default(150),
});

/**
 * TRUST_PROXY as Fastify's trustProxy option. A hop count becomes a function trusting that many addresses nearest
 * to the socket (Fastify 5.12 treats a bare number as trusting none): the connection's peer and the last `hops - 1`
 * entries of X-Forwarded-For are proxies, and the entry before them is the client. Only safe when the API is reachable through the
 * proxy alone; a list of the proxies' addresses also holds when it is not.
 */
export function trustProxyOption(
  value: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

/** The configuration, with the JWT secret and data directory always settled. */
export type Env = Omit<
  z.infer<typeof EnvSchema>,
  'JWT_SECRET' | 'DATA_DIR' | 'LOYALTY_SSO_SECRET' | 'LOYALTY_OIDC_ISSUER_SECRET'
> & {
  JWT_SECRET: string;
  DATA_DIR: string;
  /** Null: single sign-on tokens are refused (production without LOYALTY_SSO_SECRET). */
  LOYALTY_SSO_SECRET: string | null;
  /** Null: no built-in issuer (production without LOYALTY_OIDC_ISSUER_SECRET, or an external issuer set). */
  LOYALTY_OIDC_ISSUER_SECRET: string | null;
};

export const LOYALTY_SSO_SECRET_FILE = 'loyalty-sso-secret';
export const LOYALTY_OIDC_ISSUER_SECRET_FILE = 'loyalty-oidc-issuer-secret';

/**
 * Validates the configuration. Without JWT_SECRET (outside production) the secret kept in DATA_DIR is read, or
 * made there on the first start: never a secret written in the code, which anyone could use to sign tokens.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  const { JWT_SECRET, DATA_DIR, LOYALTY_SSO_SECRET, LOYALTY_OIDC_ISSUER_SECRET, ...rest } = parsed.data;
  if (rest.NODE_ENV === 'production' && (rest.MAILBOX === true || rest.API_DOCS === true)) {
    // Development conveniences do not exist in production (issue 32: the mailbox was an account takeover).
    throw new Error(
      `Invalid configuration: ${rest.MAILBOX === true ? 'MAILBOX' : 'API_DOCS'}=true is for development only ` +
        '(the mailbox shows every activation and reset link); unset it in production',
    );
  }
  if (
    rest.NODE_ENV === 'production' &&
    rest.VERIFICATION_CODE_TTL_SECONDS !== VERIFICATION_LIMITS.codeLifeSeconds
  ) {
    throw new Error(
      `Invalid configuration: VERIFICATION_CODE_TTL_SECONDS is for tests and development only; a code lives ${VERIFICATION_LIMITS.codeLifeSeconds} seconds in production`,
    );
  }
  if (rest.NODE_ENV === 'production' && JWT_SECRET === undefined) {
    // Several processes of one deployment must share one secret; a file on one machine's disk does not.
    throw new Error('Invalid configuration: JWT_SECRET must be set in production (32+ characters)');
  }
  if (rest.NODE_ENV === 'production') {
    // No public default secret in production: an unset one takes the demo's value, which the README prints.
    const publicOnes = (
      Object.keys(PUBLIC_DEFAULT_SECRETS) as (keyof typeof PUBLIC_DEFAULT_SECRETS)[]
    ).filter((name) => rest[name] === PUBLIC_DEFAULT_SECRETS[name]);
    if (publicOnes.length > 0) {
      throw new Error(
        `Invalid configuration: ${publicOnes.join(', ')} must be set in production to secrets of your own ` +
          '(unset, each is the demo value the README prints, which anyone could use)',
      );
    }
  }
  const twilio = [rest.TWILIO_ACCOUNT_SID, rest.TWILIO_AUTH_TOKEN, rest.TWILIO_FROM];
  if (twilio.some((v) => v !== undefined) && !twilio.every((v) => v !== undefined)) {
    throw new Error(
      'Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set together or not at all',
    );
  }
  const oidc = [rest.LOYALTY_OIDC_ISSUER, rest.LOYALTY_OIDC_CLIENT_ID, rest.LOYALTY_OIDC_CLIENT_SECRET];
  if (oidc.some((v) => v !== undefined) && !oidc.every((v) => v !== undefined)) {
    throw new Error(
      'Invalid configuration: LOYALTY_OIDC_ISSUER, LOYALTY_OIDC_CLIENT_ID and LOYALTY_OIDC_CLIENT_SECRET are set together or not at all',
    );
  }
  const builtInIssuer = rest.LOYALTY_OIDC_ISSUER === undefined;
  if (
    rest.NODE_ENV === 'production' &&
    builtInIssuer &&
    LOYALTY_OIDC_ISSUER_SECRET === undefined &&
    rest.LOGIN_CONFIGURATION === 2
  ) {
    // A secret made on one machine's disk would differ between the processes of a deployment.
    throw new Error(
      'Invalid configuration: loyalty login (LOGIN_CONFIGURATION=2) in production needs LOYALTY_OIDC_ISSUER_SECRET ' +
        '(32+ characters) for the built-in issuer, or LOYALTY_OIDC_ISSUER with its client',
    );
  }
  const dataDir = DATA_DIR ?? dirname(rest.PGLITE_DIR);
  const issuerSecret = !builtInIssuer
    ? null
    : (LOYALTY_OIDC_ISSUER_SECRET ??
      (rest.NODE_ENV === 'production'
        ? null
        : loadOrCreateJwtSecret(dataDir, LOYALTY_OIDC_ISSUER_SECRET_FILE)));
  const ssoSecret =
    LOYALTY_SSO_SECRET ??
    (rest.NODE_ENV === 'production' ? null : loadOrCreateJwtSecret(dataDir, LOYALTY_SSO_SECRET_FILE));
  return {
    ...rest,
    DATA_DIR: dataDir,
    JWT_SECRET: JWT_SECRET ?? loadOrCreateJwtSecret(dataDir),
    LOYALTY_SSO_SECRET: ssoSecret,
    LOYALTY_OIDC_ISSUER_SECRET: issuerSecret,
  };
}
