/**
 * The API document (`/docs/json`) loads in standard OpenAPI tooling: a well-kept validator (@readme/openapi-parser)
 * checks it against the OpenAPI schema and resolves every `$ref` (issue 37: the recursive menu schema was a
 * reference to a `schema0` that was never defined).
 */
import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './harness';

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
});
