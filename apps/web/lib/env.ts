import 'server-only';
import { z } from 'zod';

/** The storefront server's configuration, validated once. `process.env` is read nowhere else. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Where this storefront runs. Debug mode (spec: allowed only outside production) is offered everywhere but
   * 'production'; unset follows NODE_ENV (a production build is production unless told otherwise).
   */
  APP_ENV: z.enum(['production', 'staging', 'development', 'test']).optional(),
  /** Where the storefront server reaches the ordering API. */
  API_URL: z.string().url().default('http://localhost:4000'),
  /** The API origin as the browser sees it. */
  API_PUBLIC_URL: z.string().url().default('http://localhost:4000'),
  /**
   * The card processor's origin as the browser sees it: it serves the hosted card page, the Express frame and
   * the wallet sheet the payment page frames (the page's frame-src, and the only origin whose messages count).
   */
  PROCESSOR_PUBLIC_URL: z.string().url().default('http://localhost:4300'),
  /** Client credentials per app type; the secrets never reach the browser. */
  WEB_CLIENT_ID: z.string().default('web'),
  WEB_CLIENT_SECRET: z.string().default('web-demo-secret'),
  CATERING_CLIENT_ID: z.string().default('catering'),
  CATERING_CLIENT_SECRET: z.string().default('catering-demo-secret'),
  INSTORE_CLIENT_ID: z.string().default('instore'),
  INSTORE_CLIENT_SECRET: z.string().default('instore-demo-secret'),
  /** Where guests report an accessibility problem (the /accessibility statement's contact). */
  ACCESSIBILITY_CONTACT_EMAIL: z.string().email().default('accessibility@storefront.test'),
  /** Cookies get the Secure flag when the storefront is served over https. */
  WEB_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /**
   * XYZ tile URL for the store map ('https://tile.example/{z}/{x}/{y}.png'); unset draws the offline basemap
   * of US state outlines (no network).
   */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'MAP_TILE_URL needs {z}, {x} and {y}')
    .optional(),
  /** The tile server's attribution shown on the map (required by most tile servers). */
  MAP_TILE_ATTRIBUTION: z.string().max(300).optional(),
  /**
   * A reCAPTCHA v2 site key: when set, the sign-in, sign-up and forgot-password dialogs render reCAPTCHA instead
   * of the self-hosted ALTCHA widget (the API must then verify with the matching secret), and the page policy
   * allows Google's script and frame. Unset (the default): ALTCHA, nothing outside this origin.
   */
  RECAPTCHA_SITE_KEY: z.string().min(1).max(100).optional(),
  /**
   * Proxies in front of the storefront (server.mjs reads the same variable for the client address): only with one
   * is X-Forwarded-Proto believed, to send HSTS to a request that came over HTTPS (lib/security-headers.ts).
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
});

export const env = EnvSchema.parse(process.env);
export const debugModeAllowed =
  (env.APP_ENV ?? (env.NODE_ENV === 'production' ? 'production' : 'development')) !== 'production';
export const secureCookies = env.WEB_PUBLIC_URL.startsWith('https://');
