/**
 * The sandbox processor's settings (environment):
 *   SANDBOX_PROCESSOR_PORT          port to listen on (default 4300)
 *   SANDBOX_PROCESSOR_HOST          interface to listen on (default 127.0.0.1)
 *   SANDBOX_PROCESSOR_PUBLIC_URL    its public origin, which the storefront frames (default http://localhost:<port>)
 *   SANDBOX_PROCESSOR_DATABASE_URL  postgres://... for its own PostgreSQL database; unset: PGlite in
 *   SANDBOX_PROCESSOR_DATA_DIR      its own folder (default ./data/sandbox-processor)
 *   SANDBOX_PROCESSOR_MERCHANTS     merchantId:apiKey[,merchantId:apiKey...]: who may call it (keys of 32+
 *                                   characters; no default: npm start makes one per run and hands it to the API)
 *   SANDBOX_PROCESSOR_PARENT_ORIGIN the storefront's origin: the only one that may frame its pages and hear
 *                                   their messages (default WEB_PUBLIC_URL, then http://localhost:3000)
 *   SANDBOX_PROCESSOR_FAULTS        injected misbehaviour, see faults.ts (default none)
 *   SANDBOX_PROCESSOR_SETTLE_AFTER_SECONDS  how long after it is made an approved charge settles (then only a
 *                                   refund gives it back); default 86400 (a day); 0 settles at once
 *   NODE_ENV                        production refuses the fault and test routes
 */
import { z } from 'zod';
import { parseFaults, type Faults } from './faults';

export interface Merchant {
  id: string;
  apiKey: string;
}

export interface ProcessorSettings {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  /** Null: an in-memory PGlite (tests). */
  dataDir: string | null;
  merchants: Merchant[];
  parentOrigin: string;
  faults: Faults;
  production: boolean;
  /**
   * How long after it was made an approved charge settles (a void no longer gives it back, a refund does);
   * null or absent: only when the settlement batch is run (POST /v1/sandbox/settlements).
   */
  settleAfterMs?: number | null;
}

const MerchantsSchema = z
  .string()
  .min(1, 'SANDBOX_PROCESSOR_MERCHANTS is required (merchantId:apiKey)')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => {
        const at = entry.indexOf(':');
        return { id: entry.slice(0, at), apiKey: entry.slice(at + 1) };
      }),
  )
  .pipe(
    z
      .array(
        z.object({
          id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'a merchant id is 1-64 letters, digits, _ or -'),
          apiKey: z.string().min(32, 'a merchant API key has at least 32 characters'),
        }),
      )
      .min(1),
  );

const origin = z
  .string()
  .url()
  .transform((u) => new URL(u).origin);

export function settingsFromEnv(env: NodeJS.ProcessEnv = process.env): ProcessorSettings {
  const port = z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .parse(env.SANDBOX_PROCESSOR_PORT ?? '4300');
  return {
    port,
    host: env.SANDBOX_PROCESSOR_HOST ?? '127.0.0.1',
    publicUrl: origin.parse(env.SANDBOX_PROCESSOR_PUBLIC_URL ?? `http://localhost:${port}`),
    databaseUrl: z
      .string()
      .url()
      .optional()
      .parse(env.SANDBOX_PROCESSOR_DATABASE_URL || undefined),
    dataDir: env.SANDBOX_PROCESSOR_DATA_DIR ?? './data/sandbox-processor',
    merchants: MerchantsSchema.parse(env.SANDBOX_PROCESSOR_MERCHANTS ?? ''),
    parentOrigin: origin.parse(
      env.SANDBOX_PROCESSOR_PARENT_ORIGIN ?? env.WEB_PUBLIC_URL ?? 'http://localhost:3000',
    ),
    faults: parseFaults(env.SANDBOX_PROCESSOR_FAULTS ?? ''),
    settleAfterMs:
      z.coerce
        .number()
        .int()
        .min(0)
        .max(365 * 86_400)
        .parse(env.SANDBOX_PROCESSOR_SETTLE_AFTER_SECONDS || '86400') * 1000,
    production: env.NODE_ENV === 'production',
  };
}
