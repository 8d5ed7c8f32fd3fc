import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { createTestContext, testEnv, type TestContext } from '../../test/harness';
import { linkify } from './mailbox-page';
import { enqueueEmail } from './outbox';

describe('the development mailbox', () => {
  let ctx: TestContext;
  const link = 'http://localhost:3000/activation?email=dee%40example.test&token=abc123';

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    await enqueueEmail(ctx.app.db, {
      to: 'dee@example.test',
      subject: 'Activate your account',
      text: `Hello Dee,\nActivate your account: ${link}.\n`,
    });
    await enqueueEmail(ctx.app.db, {
      to: 'eve@example.test',
      subject: '<script>alert(1)</script>',
      text: 'javascript:alert(1) <img src=x onerror=alert(1)>',
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is an accessible page, newest first, links clickable, under a CSP with no script', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Mailbox</title>');
    expect(html).toContain('<h1>Mailbox</h1>');
    expect(html).toContain('<label for="to">Recipient');
    expect(html.indexOf('&lt;script&gt;alert(1)&lt;/script&gt;')).toBeLessThan(
      html.indexOf('Activate your account'),
    );
    expect(html).toContain(
      `<a href="${link.replaceAll('&', '&amp;')}">${link.replaceAll('&', '&amp;')}</a>.`,
    );
    expect(html).toContain('<dd>dee@example.test</dd>');
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT[^"]+">\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC<\/time>/);
    // Nothing from a message becomes markup.
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript');

    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
  });

  it('filters by recipient on the page and in JSON', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/mailbox?to=dee%40example.test' });
    expect(page.body).toContain('1 message to dee@example.test');
    expect(page.body).not.toContain('eve@example.test');

    const res = await ctx.app.inject({ method: 'GET', url: '/v1/dev/mailbox?recipient=dee%40example.test' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      value: { to: string; subject: string; text: string; sentAt: string | null }[];
    }>();
    expect(body.value).toHaveLength(1);
    expect(body.value[0]).toMatchObject({
      to: 'dee@example.test',
      subject: 'Activate your account',
      sentAt: null,
    });
    expect(body.value[0]?.text).toContain(link);
    const all = await ctx.app.inject({ method: 'GET', url: '/v1/dev/mailbox' });
    expect(all.json<{ value: unknown[] }>().value).toHaveLength(2);
  });

  it('answers bad input with a 400 envelope and stays out of the OpenAPI document', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/dev/mailbox?recipient=${'a'.repeat(400)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ succeed: boolean }>().succeed).toBe(false);
    expect((await ctx.app.inject({ method: 'GET', url: `/mailbox?to=${'a'.repeat(400)}` })).statusCode).toBe(
      400,
    );
    const doc = ctx.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((p) => p.includes('mailbox'))).toEqual([]);
    expect(Object.keys(doc.paths)).toContain('/v1/captcha/challenge');
  });

  it('linkify makes links of http(s) addresses only, without a trailing full stop', () => {
    expect(linkify('see https://a.test/x?y=1&z=2. or ftp://b.test')).toBe(
      'see <a href="https://a.test/x?y=1&amp;z=2">https://a.test/x?y=1&amp;z=2</a>. or ftp://b.test',
    );
  });
});

describe('the mailbox switched off', () => {
  it.each([
    ['MAILBOX=false', { MAILBOX: false }],
    ['production without MAILBOX', { NODE_ENV: 'production' as const, MAILBOX: undefined }],
    // loadEnv refuses MAILBOX=true in production (abuse-infra.test.ts); an app given it anyway has no mailbox.
    ['production with MAILBOX=true', { NODE_ENV: 'production' as const, MAILBOX: true }],
  ])('is not there with %s', async (_name, overrides) => {
    // No database work is asked of an app without the routes: an empty, unmigrated one is enough.
    const database = openDatabase({ dataDir: 'memory://' });
    const app = await buildApp({ env: { ...testEnv, ...overrides }, database, logger: false });
    try {
      expect((await app.inject({ method: 'GET', url: '/mailbox' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/v1/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
