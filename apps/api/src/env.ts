/** The API's configuration, validated once at boot. `process.env` is read nowhere else. */
import { z } from 'zod';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  API_HOST: z.string().default('0.0.0.0'),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  /** postgres://... runs on a PostgreSQL server; unset runs embedded PGlite in PGLITE_DIR. */
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default('./data/pglite'),
  /** Public origin of the API (also the hosted payment page's origin). */
  API_PUBLIC_URL: z.string().url().default('http://localhost:4000'),
  /** Public origin of the storefront (tracking links, CORS of the payment frame). */
  WEB_PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** HS256 secret for access and tracking tokens (at least 32 characters). */
  JWT_SECRET: z.string().min(32).default('dev-only-jwt-secret-change-me-in-production-0123456789'),
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
  /** Demo client credentials seeded on first start (app type 107 / 106 / 105). */
  WEB_CLIENT_ID: z.string().default('web'),
  WEB_CLIENT_SECRET: z.string().min(8).default('web-demo-secret'),
  CATERING_CLIENT_ID: z.string().default('catering'),
  CATERING_CLIENT_SECRET: z.string().min(8).default('catering-demo-secret'),
  INSTORE_CLIENT_ID: z.string().default('instore'),
  INSTORE_CLIENT_SECRET: z.string().min(8).default('instore-demo-secret'),
  /** Staff key for the kitchen screen and the staff API, seeded on first start. */
  STAFF_KEY: z.string().min(8).default('kitchen-demo-key'),
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
  REDIS_URL: z.string().optional(),
  /** Address suggestions and geocoding through Google Places (API (New)); unset uses the offline US gazetteer. */
  GOOGLE_PLACES_API_KEY: z.string().min(1).optional(),
  /** The Places service origin (tests point it at a local stand-in). */
  GOOGLE_PLACES_URL: z.string().url().default('https://places.googleapis.com'),
  /** The Geocoding API origin: with a Places key, a point (the guest's position) is turned into its address. */
  GOOGLE_GEOCODING_URL: z.string().url().default('https://maps.googleapis.com'),
});

export type Env = z.infer<typeof EnvSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid configuration:\n${z.prettifyError(parsed.error)}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.JWT_SECRET.startsWith('dev-only')) {
    throw new Error('Invalid configuration: JWT_SECRET must be set in production');
  }
  return parsed.data;
}
