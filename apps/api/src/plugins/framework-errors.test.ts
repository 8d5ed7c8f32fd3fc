/**
 * Errors raised by Fastify's router and Node's HTTP parser, before any route runs, answer in the envelope with a
 * 4xx like every other bad request (issue 22). What inject cannot reach (431, a malformed request line, Expect)
 * goes through a real listening server and a raw socket.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

interface Failure {
  value: null;
  succeed: false;
  errors: { key: string; code: number; message: string }[];
}

function expectEnvelope(body: string, status: number): Failure {
  const parsed = JSON.parse(body) as Failure;
  expect(parsed).toMatchObject({ value: null, succeed: false });
  expect(parsed.errors).toHaveLength(1);
  const [error] = parsed.errors;
  expect(typeof error?.key).toBe('string');
  expect(typeof error?.message).toBe('string');
  expect(error?.code).toBe(status);
  return parsed;
}

/** Sends raw bytes and reads the answer until the server closes the connection (or 2 s pass). */
function rawRequest(port: number, bytes: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    socket.on('error', reject);
    const timer = setTimeout(() => socket.end(), 2000);
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', body = ''] = data.split('\r\n\r\n', 2);
      resolve({ status: Number(head.split(' ')[1]), body });
    });
  });
}

describe('framework errors answer in the envelope', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const address = ctx.app.server.address();
    port = typeof address === 'object' && address ? address.port : 0;
  });
  afterAll(() => ctx.close());

  it.each([
    ['bad %-encoding in the path', '/v1/locations/%E0%A4%A'],
    ['a lone % in the path', '/v1/locations/%zz/menus'],
    ['a path parameter longer than 100 characters', `/v1/locations/${'1'.repeat(101)}`],
    ['a long parameter in a nested path', `/v1/sales/orders/${'9'.repeat(500)}/items`],
  ])('%s: 400', async (_, url) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expectEnvelope(res.body, 400);
  });

  it.each([
    { what: 'invalid JSON', contentType: 'application/json', payload: '{"clientId":', status: 400 },
    { what: 'an empty JSON body', contentType: 'application/json', payload: '', status: 400 },
    {
      what: 'a JSON body with __proto__',
      contentType: 'application/json',
      payload: '{"__proto__":{}}',
      status: 400,
    },
    { what: 'an unsupported content type', contentType: 'application/xml', payload: '<token/>', status: 415 },
    {
      what: 'a body over 256 kB',
      contentType: 'application/json',
      payload: `{"clientId":"${'x'.repeat(300_000)}"}`,
      status: 413,
    },
  ])('$what: $status', async ({ contentType, payload, status }) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expectEnvelope(res.body, status);
  });

  it('a body of the wrong type names the body itself as the key', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(10_000) + ']'.repeat(10_000),
    });
    expect(res.statusCode).toBe(400);
    expect(expectEnvelope(res.body, 400).errors[0]?.key).toBe('body');
  });

  it('headers larger than the parser takes: 431 in the envelope', async () => {
    const res = await rawRequest(
      port,
      `GET /health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(res.status).toBe(431);
    expectEnvelope(res.body, 431);
  });

  it.each([
    ['a malformed request line', 'GET /health HTTP/9.9 extra\r\n\r\n'],
    ['a header without a colon', 'GET /health HTTP/1.1\r\nHost localhost\r\n\r\n'],
    [
      'both Content-Length and chunked',
      'POST /v1/oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n{}',
    ],
  ])('%s: 400 in the envelope', async (_, bytes) => {
    const res = await rawRequest(port, bytes);
    expect(res.status).toBe(400);
    expectEnvelope(res.body, 400);
  });

  it('an Expect header other than 100-continue: 417 in the envelope', async () => {
    const res = await rawRequest(
      port,
      'GET /health HTTP/1.1\r\nHost: localhost\r\nExpect: teapot\r\nConnection: close\r\n\r\n',
    );
    expect(res.status).toBe(417);
    expectEnvelope(res.body, 417);
  });

  it('keeps serving after the parser errors', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/health`);
    expect(res.status).toBe(200);
  });
});
