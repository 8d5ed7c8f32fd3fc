/**
 * Starts the sandbox processor (npm start runs it beside the API and the storefront) and prints its origin.
 * SIGTERM and SIGINT close it: calls in flight finish, the store is closed.
 */
import { buildProcessor } from './app';
import { settingsFromEnv } from './settings';

const settings = settingsFromEnv();
const { app, store } = await buildProcessor(settings);
await app.listen({ port: settings.port, host: settings.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : settings.port;
console.log(
  `Sandbox processor listening on http://${settings.host}:${port} (public ${settings.publicUrl}; ` +
    `storage: ${store.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${settings.dataDir ?? 'memory'}`})`,
);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    void app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
