/** Listen, migrate, seed on first start, and shut down gracefully. */
import { loadEnv } from './env';
import { openDatabase } from './db/client';
import { exitIfDataDirLocked } from './db/data-dir-lock';
import { seedIfEmpty } from './db/seed/index';
import { buildApp } from './app';
import { createEmailProvider, startOutboxWorker } from './providers/email/index';
import { startPurgeJob } from './jobs/purge';
import { startLateTextJob } from './jobs/late-texts';
import { startReconcileJob } from './jobs/reconcile-payments';
import { giftCardProcessorFor, paymentProcessorFor } from './providers/payment/index';
import { createSmsProvider } from './providers/sms/index';

const env = loadEnv();
// Refused, with the reason, while another process holds the PGlite folder (db/data-dir-lock.ts).
const database = exitIfDataDirLocked(() => openDatabase({ url: env.DATABASE_URL, dataDir: env.PGLITE_DIR }));
await database.migrate();
if (env.SEED_DEMO) await seedIfEmpty(database.db, env);

const app = await buildApp({ env, database });
app.server.keepAliveTimeout = 65_000;
// E-mail and texts written by requests (in their transactions) go out from here; every API process runs one
// worker and they share the rows without sending one twice (providers/email/outbox.ts).
const emailProvider = createEmailProvider(env);
const smsProvider = createSmsProvider(env);
const outboxWorker = startOutboxWorker(
  database.db,
  { email: emailProvider, sms: smsProvider },
  app.log.child({ component: 'outbox' }),
  { pollMs: env.OUTBOX_POLL_MS },
);

// Expired sessions, spent captchas and old idempotency keys are deleted on a schedule (jobs/purge.ts); every
// process runs one, and they share the rows.
const purgeJob = startPurgeJob(database.db, app.log.child({ component: 'purge' }), {
  everyMs: env.PURGE_EVERY_SECONDS * 1000,
});

// Opted-in guests whose order runs late get one text (jobs/late-texts.ts); every process runs the job.
const lateTextJob = startLateTextJob(
  database.db,
  { tokens: app.tokens, webOrigin: env.WEB_PUBLIC_URL },
  app.log.child({ component: 'late-texts' }),
  { everyMs: env.LATE_TEXT_EVERY_SECONDS * 1000 },
);

// Money held at the processor for orders that were not placed goes back (jobs/reconcile-payments.ts); every
// process runs it, and they share the attempts.
const reconcileJob = startReconcileJob(
  database.db,
  paymentProcessorFor(env),
  giftCardProcessorFor(env),
  app.log.child({ component: 'reconcile' }),
  { everyMs: env.RECONCILE_EVERY_SECONDS * 1000, afterMs: env.RECONCILE_AFTER_SECONDS * 1000 },
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // In-flight requests get a bounded time to finish: one waiting on a database that is gone must not keep
  // the process (and its supervisor's restart) waiting for ever.
  setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000).unref();
  await outboxWorker.stop();
  await purgeJob.stop();
  await lateTextJob.stop();
  await reconcileJob.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: env.API_HOST, port: env.API_PORT });
app.log.info(
  `API on ${env.API_PUBLIC_URL} (docs at ${env.API_PUBLIC_URL}/docs), database: ${database.kind}, e-mail: ${emailProvider.name}, SMS: ${smsProvider.name}`,
);
