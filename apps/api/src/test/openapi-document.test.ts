/**
 * The API document (`/docs/json`) loads in standard OpenAPI tooling: a well-kept validator (@readme/openapi-parser)
 * checks it against the OpenAPI schema and resolves every `$ref` (issue 37: the recursive menu schema was a
 * reference to a `schema0` that was never defined), and Stoplight Prism's validating proxy starts on it and checks
 * requests to the API against it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LOCATIONS } from '../db/seed/locations';
import { createTestContext, type TestContext } from './harness';
import { answerValidators } from './openapi-answers';

/**
 * Prism's command (@stoplight/prism-cli, a dev dependency pinned at 5.14.2: later releases need Node 24, this
 * project runs on Node 20).
 */
function prismBin(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@stoplight/prism-cli/package.json');
  const { bin } = require(manifest) as { bin: { prism: string } };
  return join(dirname(manifest), bin.prism);
}

/** A port nobody listens on (TEST_PRISM_PORT when set). */
async function freePort(): Promise<number> {
  if (process.env.TEST_PRISM_PORT) return Number(process.env.TEST_PRISM_PORT);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe('the OpenAPI document', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(() => ctx.close());

  it('declares security on exactly the operations that refuse a request without credentials (401)', async () => {
    const document = ctx.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    };
    const declared: string[] = [];
    const refused: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const name = `${method.toUpperCase()} ${path}`;
        if ((operation.security ?? []).length > 0) declared.push(name);
        const res = await ctx.app.inject({
          method: method.toUpperCase() as 'GET',
          url: path.replace(/\{[^}]+\}/g, '1'),
          remoteAddress: `198.51.100.${declared.length + refused.length + 1}`,
        });
        if (res.statusCode === 401) refused.push(name);
      }
    }
    expect(declared.length).toBeGreaterThan(50);
    expect(declared).toEqual(refused);
  });

  it('lets every nullable enum be null and documents pictures as the image types they are', () => {
    const document = ctx.app.swagger() as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: object }> }>>;
    };
    const wrong: string[] = [];
    const walk = (node: unknown, where: string): void => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as { nullable?: unknown; enum?: unknown[] };
      if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
        wrong.push(where);
      for (const [key, child] of Object.entries(node)) walk(child, `${where}/${key}`);
    };
    walk(document, '#');
    expect(wrong).toEqual([]);
    const picture = document.paths['/v1/images/{imageId}']?.['get']?.responses['200'];
    expect(Object.keys(picture?.content ?? {}).sort()).toEqual(['image/png', 'image/webp']);
  });

  it('validates against the OpenAPI specification with every reference resolved', async () => {
    const document = structuredClone(ctx.app.swagger()) as Parameters<typeof validate>[0];
    const result = await validate(document);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  // The fuzz suite validates what it draws against the document, but never asks for the compact menu.
  it('documents the menu as it answers, the compact menu (Prefer: return=compact) as well as the full one', async () => {
    const document = ctx.app.swagger() as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
      components?: unknown;
    };
    const documented = document.paths['/v1/sales/menus']?.['get']?.responses['200']?.content?.[
      'application/json'
    ] as { schema: unknown };
    const matches = answerValidators(document)(documented.schema);
    const token = await ctx.token();
    for (const location of [DEMO_LOCATIONS.open, DEMO_LOCATIONS.foodHall]) {
      for (const prefer of [{}, { prefer: 'return=compact' }]) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `/v1/sales/menus?locationId=${location}&includeOutOfStock=true`,
          headers: { authorization: `Bearer ${token}`, ...prefer },
        });
        expect(res.statusCode).toBe(200);
        const label = `store ${location} ${JSON.stringify(prefer)}`;
        expect(matches(res.json()) ? [] : matches.errors?.slice(0, 5), label).toEqual([]);
      }
    }
  });

  it("Prism's validating proxy starts on /docs/json and checks requests against it", async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const port = await freePort();
    // --errors: a request or answer the document does not allow is refused by the proxy (422), not only logged.
    const prism: ChildProcess = spawn(
      process.execPath,
      [
        prismBin(),
        'proxy',
        `${api}/docs/json`,
        api,
        '--port',
        String(port),
        '--host',
        '127.0.0.1',
        '--errors',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    prism.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    prism.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await expect
        .poll(() => (prism.exitCode === null ? output : `exited ${prism.exitCode}: ${output}`), {
          timeout: 60_000,
          interval: 250,
        })
        .toContain('Prism is listening');
      const proxy = `http://127.0.0.1:${port}`;
      // A documented request passes through, and the API's answer matches the document.
      const challenge = await fetch(`${proxy}/v1/captcha/challenge`);
      expect(challenge.status, output).toBe(200);
      expect(challenge.headers.get('sl-violations')).toBeNull();
      expect(await challenge.json()).toMatchObject({ succeed: true, value: { algorithm: 'SHA-256' } });
      // A request the document does not allow (a store id that is not a number) is stopped by the proxy.
      const refused = await fetch(`${proxy}/v1/locations/not-a-number`);
      expect(refused.status, output).toBe(422);
      expect(await refused.text()).toMatch(/path/i);
    } finally {
      prism.kill('SIGTERM');
    }
  }, 120_000);
});
