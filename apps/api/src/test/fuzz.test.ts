/**
 * Schema-driven fuzzing of every operation in the API's OpenAPI document (issue 22): fast-check draws each
 * request from the operation's path, query and header parameters and its JSON body schema (fuzz-arbitraries.ts),
 * mixing values the schema accepts, the test's own order, lines, payment and menu keys (so requests reach deep
 * code) and hostile values; bodies are also sent as invalid JSON, under wrong content types, nested 10,000 deep
 * and over the 256 kB limit; each request goes with a guest token, a staff credential, no token or a forged one.
 * Every answer must be the envelope (`{ value: null, succeed: false, errors: [{ key, code, message }] }` for
 * 4xx, `succeed: true` for 2xx; the image route and the hosted payment page answer images and HTML), never a
 * 5xx, and come within REQUEST_BOUND_MS; the answer to a drawn request must be documented for its status and
 * match that status's documented schema (Ajv; issue 37).
 *
 * The API runs in a process of its own (fuzz-server.ts) and is reached over HTTP: a request that loops for
 * ever blocks that process's event loop, not the test's timers, so it is reported as a hang; the server is then
 * killed and started again and the run goes on. Fixed seeds; a regression table of past findings is always tried.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, type DbKind } from './harness';
import type { FuzzFixtures } from './fuzz-server';
import { arbitraryOf, stringLeaves, type JsonSchema } from './fuzz-arbitraries';
import { answerValidators } from './openapi-answers';

const SEED = 22;
/** Requests drawn per operation (61 operations at the time of writing); fewer on PostgreSQL, the slower one. */
const RUNS: Record<DbKind, number> = { pglite: 40, postgres: 25 };
/** Longer than any answer should take on a loaded CI runner; the old order-times loop never answered. */
const REQUEST_BOUND_MS = 5_000;

/**
 * The routes the signed-in customer's token is drawn for most: its saved cards. Other routes draw it now and
 * then (some a token of their own: customerTokenByOperation).
 */
const SAVED_PAYMENTS = '/v1/guests/saved-payments';
/** The signed-in member's points (GET loyalty/account): drawn with the customer's token most, too. */
const LOYALTY_ACCOUNT = '/v1/loyalty/account';
/** Rewards on the customer's own order (the fixtures' member order). */
const LOYALTY_ORDERS = '/v1/loyalty/orders/';
const isCustomerRoute = (path: string) =>
  path.startsWith(SAVED_PAYMENTS) || path === LOYALTY_ACCOUNT || path.startsWith(LOYALTY_ORDERS);

const apiDir = fileURLToPath(new URL('../..', import.meta.url));
const serverFile = fileURLToPath(new URL('./fuzz-server.ts', import.meta.url));

// ---------------------------------------------------------------------------------------------------------------
// The API under test, in its own process.

class FuzzServer {
  private child: ChildProcess | null = null;
  private current: FuzzFixtures | null = null;
  restarts = 0;
  /** Seconds from spawning to ready, the last time (compiling, migrating, seeding). */
  startSeconds = 0;

  constructor(private readonly kind: DbKind) {}

  get fixtures(): FuzzFixtures {
    if (!this.current) throw new Error('fuzz server not started');
    return this.current;
  }

  start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', serverFile, this.kind], {
      cwd: apiDir,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    const spawned = performance.now();
    return new Promise((resolve, reject) => {
      let pending = '';
      let failure = '';
      // Generous: migrating, seeding and the setup requests take 20-40 s alone, minutes on a loaded runner.
      const timer = setTimeout(() => reject(new Error('fuzz server did not start within 240 s')), 240_000);
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        const lines = (pending + chunk).split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          if (line.startsWith('FUZZ-FAILED ')) {
            failure = line.slice('FUZZ-FAILED '.length);
            continue;
          }
          if (!line.startsWith('FUZZ-READY ')) {
            // The server's log (errors only): a 5xx's stack, shown beside the finding.
            process.stderr.write(`fuzz server: ${line}\n`);
            continue;
          }
          clearTimeout(timer);
          this.startSeconds = (performance.now() - spawned) / 1000;
          this.current = JSON.parse(line.slice('FUZZ-READY '.length)) as FuzzFixtures;
          resolve();
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`fuzz server exited with ${code} ${failure}`));
      });
    });
  }

  /** Kills a server that stopped answering (SIGKILL: a busy loop ignores SIGTERM) and starts a fresh one. */
  async restart(): Promise<void> {
    this.child?.kill('SIGKILL');
    this.current = null;
    this.restarts += 1;
    await this.start();
  }

  private stopping: Promise<void> | null = null;

  /** SIGTERM (the server closes its app and drops its database), SIGKILL if it has not exited within 15 s. */
  stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
    this.stopping ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.kill('SIGTERM');
    });
    return this.stopping;
  }
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
  ms: number;
}

type Outcome = Answer | { failure: string; ms: number };

function send(port: number, request: WireRequest): Promise<Outcome> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        // Node's client frames no body of a GET or DELETE by itself: unframed, its bytes would be read by the
        // server as a second, malformed request.
        headers:
          request.body === undefined
            ? request.headers
            : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        // A connection per request: a server closing a connection after a refused request (431, 413) cannot
        // make the next request on it fail with a reset.
        agent: false,
      },
      (res) => {
        // The kitchen's event stream (GET /v1/staff/locations/{id}/events) answers and then stays open for as long
        // as the client listens: its status and headers are the answer, judged when they arrive.
        if (String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          settle({ status: res.statusCode ?? 0, contentType: 'text/event-stream', body: '', ms: ms() });
          req.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          settle({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
            ms: ms(),
          }),
        );
        res.on('error', (error) => settle({ failure: `response error ${error.message}`, ms: ms() }));
      },
    );
    const timer = setTimeout(() => {
      settle({ failure: `no answer within ${REQUEST_BOUND_MS} ms`, ms: ms() });
      req.destroy();
    }, REQUEST_BOUND_MS);
    req.on('error', (error: NodeJS.ErrnoException) =>
      settle({ failure: `connection failed (${error.code ?? error.message})`, ms: ms() }),
    );
    req.end(request.body);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The document's operations.

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  id: string;
  method: string;
  path: string;
  params: Parameter[];
  body: JsonSchema | null;
  /**
   * Which answers may be other than JSON: any, for an operation the document gives no JSON answer (the hosted
   * payment page is HTML, its errors too, shown in the frame); success only for the image route.
   */
  nonJson: 'any' | 'success' | 'never';
  staff: boolean;
  /** The documented JSON answer of each status, compiled: an answer must match the schema of its status. */
  answers: Map<string, ValidateFunction>;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

function operationsOf(document: {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: unknown;
}): Operation[] {
  const compile = answerValidators(document);
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]): Operation => {
      const answersJson = Object.values(op.responses ?? {}).some((r) => r.content?.['application/json']);
      const successAnswersOtherTypes = Object.entries(op.responses ?? {}).some(
        ([status, r]) =>
          status.startsWith('2') && Object.keys(r.content ?? {}).some((t) => t !== 'application/json'),
      );
      return {
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? [])
          .filter((p) => p.in === 'path' || p.in === 'query' || p.in === 'header')
          .map((p) => ({
            name: p.name,
            in: p.in as Parameter['in'],
            required: p.required ?? false,
            schema: p.schema ?? {},
          })),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        // A success documented with other types (the picture route's image/webp and image/png) may answer them.
        nonJson: !answersJson ? 'any' : successAnswersOtherTypes ? 'success' : 'never',
        staff: path.startsWith('/v1/staff/'),
        answers: new Map(
          Object.entries(op.responses ?? {}).flatMap(([status, r]) => {
            const schema = (r.content?.['application/json'] as { schema?: unknown } | undefined)?.schema;
            return schema ? [[status, compile(schema)] as const] : [];
          }),
        ),
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Requests: drawn as plain data (so fast-check can print and replay them), put on the wire against the
// current server's fixtures (tokens change when the server is restarted).

type AuthKind =
  | 'guest'
  | 'customer'
  | 'none'
  | 'garbage'
  | 'forged'
  | 'staffKey'
  | 'staffToken'
  | 'badStaffKey'
  | 'tracking';

interface BodyPart {
  contentType: string | null;
  text: string;
  label: string;
}

interface FuzzRequest {
  path: string[];
  query: [string, string][];
  rawQuery: string;
  headers: [string, string][];
  auth: AuthKind;
  body: BodyPart | null;
}

interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A JWT signed with `alg: none` and no `exp`: must be refused like any forged token. */
const FORGED_TOKEN = [
  Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url'),
  Buffer.from('{"sid":"x","appType":107,"orderId":1}').toString('base64url'),
  '',
].join('.');

function authHeaders(kind: AuthKind, fixtures: FuzzFixtures, op: Operation): Record<string, string> {
  switch (kind) {
    case 'guest':
      return { authorization: `Bearer ${fixtures.guestToken}` };
    case 'customer': {
      const token = fixtures.customerTokenByOperation[op.id] ?? fixtures.customerToken;
      return { authorization: `Bearer ${token ?? fixtures.guestToken}` };
    }
    case 'garbage':
      return { authorization: 'Bearer a.b.c' };
    case 'forged':
      return { authorization: `Bearer ${FORGED_TOKEN}` };
    case 'staffKey':
      return { 'x-staff-key': fixtures.staffKey };
    case 'staffToken':
      return { authorization: `Bearer ${fixtures.staffToken ?? fixtures.guestToken}` };
    case 'badStaffKey':
      return { 'x-staff-key': 'not-the-key' };
    case 'tracking':
      return { authorization: `Bearer ${fixtures.trackingToken ?? fixtures.guestToken}` };
    case 'none':
      return {};
  }
}

function toWire(op: Operation, request: FuzzRequest, fixtures: FuzzFixtures): WireRequest {
  let index = 0;
  const path = op.path.replace(/\{[^}]+\}/g, () => request.path[index++] ?? '');
  const query = new URLSearchParams(request.query).toString();
  const search = query || request.rawQuery ? `?${query}${request.rawQuery}` : '';
  const headers: Record<string, string> = { ...authHeaders(request.auth, fixtures, op) };
  for (const [name, value] of request.headers) headers[name] = value;
  if (request.body?.contentType) headers['content-type'] = request.body.contentType;
  return { method: op.method, path: `${path}${search}`, headers, body: request.body?.text };
}

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));

function encodePathValue(value: unknown): string {
  const text = textOf(value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate cannot be encoded as UTF-8: send its replacement character.
    return encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/** Path values sent as they are: bad %-encoding, over the router's 100-character limit, dot segments, empty. */
const RAW_PATH_VALUES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%2F',
  '..',
  '.',
  '',
  '1'.repeat(150),
  '-1',
  '0',
  '1e3',
];

/** Header values may carry only visible Latin-1 characters; longer ones are cut (the parser's limit has its own test). */
const headerValue = (value: unknown) =>
  textOf(value)
    .replace(/[^\t\x20-\x7e\x80-\xff]/g, '?')
    .slice(0, 4000);

const SPECIAL_BODIES: BodyPart[] = [
  { contentType: 'application/json', text: '{"a":', label: 'invalid JSON' },
  { contentType: 'application/json', text: '', label: 'empty JSON' },
  { contentType: 'application/json', text: 'null', label: 'null' },
  { contentType: 'application/json', text: '{"__proto__":{"isAdmin":true}}', label: '__proto__' },
  { contentType: 'application/json', text: '"\\u0000"', label: 'NUL string' },
  { contentType: 'text/plain', text: '{}', label: 'text/plain' },
  { contentType: 'application/x-www-form-urlencoded', text: 'a=1&b=%zz', label: 'form' },
  { contentType: 'multipart/form-data; boundary=x', text: '--x\r\n\r\n--x--', label: 'multipart' },
  { contentType: 'application/xml', text: '<a/>', label: 'xml' },
  { contentType: 'application/json; charset=utf-16', text: '{}', label: 'utf-16' },
  { contentType: null, text: '{}', label: 'no content type' },
  {
    contentType: 'application/json',
    text: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    label: '10k arrays',
  },
  {
    contentType: 'application/json',
    text: `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`,
    label: '10k objects',
  },
  { contentType: 'application/json', text: JSON.stringify({ x: 'x'.repeat(300_000) }), label: 'over 256 kB' },
];

/** The known values for `op`: the fixtures' own for it (knownByOperation) over the shared ones. */
const knownFor = (op: Operation, fixtures: FuzzFixtures): FuzzFixtures['known'] => ({
  ...fixtures.known,
  ...fixtures.knownByOperation[op.id],
});

function requestArbitrary(op: Operation, known: FuzzFixtures['known']): fc.Arbitrary<FuzzRequest> {
  const options = { known, hostile: true };
  const pathParams = op.params.filter((p) => p.in === 'path');
  const queryParams = op.params.filter((p) => p.in === 'query');
  const headerParams = op.params.filter((p) => p.in === 'header');
  const path = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { weight: 8, arbitrary: arbitraryOf(p.schema, p.name, options).map(encodePathValue) },
        { weight: 1, arbitrary: fc.constantFrom(...RAW_PATH_VALUES) },
      ),
    ),
  );
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc.option(arbitraryOf(p.schema, p.name, options), { freq: p.required ? 12 : 3, nil: undefined }),
      ),
    )
    .map((values) =>
      values.flatMap((value, i): [string, string][] => {
        const name = queryParams[i]?.name ?? '';
        if (value === undefined) return [];
        // A short array is sent as the parameter repeated (?a=1&a=2), as a client may.
        if (Array.isArray(value) && value.length > 0 && value.length <= 3)
          return value.map((v) => [name, textOf(v)]);
        return [[name, textOf(value)]];
      }),
    );
  const rawQuery = fc.oneof(
    { weight: 10, arbitrary: fc.constant('') },
    {
      weight: 1,
      arbitrary: fc.constantFrom('&%zz=1', '&unknown=1', '&&&', '&a[b]=1', '&__proto__=1', '#frag'),
    },
  );
  const headers = fc.tuple(
    ...headerParams.map((p) =>
      fc
        .option(arbitraryOf(p.schema, p.name, options), { freq: p.required ? 12 : 3, nil: undefined })
        .map((value): [string, string][] => (value === undefined ? [] : [[p.name, headerValue(value)]])),
    ),
  );
  // The saved-card routes mostly with the signed-in customer's token, the others with a guest's.
  const customerRoute = isCustomerRoute(op.path);
  const auth = fc.oneof(
    { weight: op.staff || customerRoute ? 1 : 8, arbitrary: fc.constant<AuthKind>('guest') },
    { weight: customerRoute ? 8 : 1, arbitrary: fc.constant<AuthKind>('customer') },
    { weight: op.staff ? 4 : 1, arbitrary: fc.constantFrom<AuthKind>('staffKey', 'staffToken') },
    {
      weight: 2,
      arbitrary: fc.constantFrom<AuthKind>('none', 'garbage', 'forged', 'badStaffKey', 'tracking'),
    },
  );
  const special = fc.constantFrom(...SPECIAL_BODIES);
  const body: fc.Arbitrary<BodyPart | null> = op.body
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: arbitraryOf(op.body, null, options).map((value): BodyPart => ({
            contentType: 'application/json',
            text: textOf(value),
            label: 'json',
          })),
        },
        { weight: 2, arbitrary: special },
      )
    : fc.oneof({ weight: 10, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: special });
  return fc.record({
    path,
    query,
    rawQuery,
    headers: headers.map((list) => list.flat()),
    auth,
    body,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The judge.

function isErrorEntry(entry: unknown): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const { key, code, message } = entry as Record<string, unknown>;
  return (
    typeof key === 'string' &&
    (typeof code === 'number' || typeof code === 'string') &&
    typeof message === 'string'
  );
}

/** Refusals of the HTTP layer that any operation may answer; the document leaves them out. */
const TRANSPORT_STATUSES = new Set([413, 415, 431]);

/** Why an answer breaks the contract, or null when it keeps it. */
function judge(op: Operation, outcome: Outcome, drawn: boolean): string | null {
  if ('failure' in outcome) return outcome.failure;
  if (outcome.status >= 500) return `status ${outcome.status}`;
  if (outcome.status < 200) return `status ${outcome.status}`;
  const success = outcome.status < 300;
  if (!outcome.contentType.startsWith('application/json')) {
    const allowed = op.nonJson === 'any' || (op.nonJson === 'success' && success);
    return allowed ? null : `status ${outcome.status} answered ${outcome.contentType || 'no content type'}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(outcome.body);
  } catch {
    return `status ${outcome.status}: body is not JSON`;
  }
  if (typeof body !== 'object' || body === null) return `status ${outcome.status}: body is not an object`;
  const { value, succeed, errors } = body as Record<string, unknown>;
  if (!Array.isArray(errors)) return `status ${outcome.status}: not the envelope`;
  if (success && (succeed !== true || errors.length !== 0))
    return `status ${outcome.status}: not a success envelope`;
  if (
    !success &&
    (value !== null || succeed !== false || errors.length === 0 || !errors.every(isErrorEntry))
  ) {
    return `status ${outcome.status}: not the failure envelope`;
  }
  // A drawn request's answer is the one the document gives for its status (the same fixed seeds as the rest). The
  // transport's own refusals (413 body too large, 415 content type, 431 headers too large) may come from any route;
  // regression-table requests were written for one path and replayed under every operation, so only theirs count.
  if (!drawn || TRANSPORT_STATUSES.has(outcome.status)) return null;
  const documented = op.answers.get(String(outcome.status));
  if (!documented) return `status ${outcome.status} is not documented`;
  if (!documented(body)) {
    const [first] = documented.errors ?? [];
    return `status ${outcome.status}: answer does not match its documented schema (${first?.instancePath || '/'} ${first?.message ?? ''})`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// The run: counts per operation, findings deduplicated by operation and reason.

interface Finding {
  op: string;
  reason: string;
  count: number;
  example: string;
}

class Run {
  readonly statuses = new Map<string, Map<string, number>>();
  readonly findings = new Map<string, Finding>();
  readonly milliseconds = new Map<string, number>();
  requests = 0;
  /** Requests of the regression table (the rest were drawn by fast-check). */
  regression = 0;
  started = performance.now();

  constructor(
    readonly kind: DbKind,
    readonly server: FuzzServer,
  ) {}

  async exercise(op: Operation, request: FuzzRequest | WireRequest): Promise<void> {
    const wire = 'auth' in request ? toWire(op, request, this.server.fixtures) : request;
    // A client address of its own for each request (the server trusts the test as its proxy): per-address
    // limits would otherwise refuse most requests with 429 before they reach the routes.
    const n = this.requests + 1;
    wire.headers['x-forwarded-for'] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    if (this.requests === 0) this.started = performance.now();
    const outcome = await send(this.server.fixtures.port, wire);
    this.requests += 1;
    this.milliseconds.set(op.id, (this.milliseconds.get(op.id) ?? 0) + outcome.ms);
    const label = 'failure' in outcome ? 'no answer' : String(outcome.status);
    const counts = this.statuses.get(op.id) ?? new Map<string, number>();
    counts.set(label, (counts.get(label) ?? 0) + 1);
    this.statuses.set(op.id, counts);
    const reason = judge(op, outcome, 'auth' in request);
    if (!reason) return;
    const id = `${op.id} ${reason}`;
    const known = this.findings.get(id);
    if (known) known.count += 1;
    else {
      const body = wire.body === undefined ? '' : ` body ${wire.body.slice(0, 300)}`;
      const answer = 'body' in outcome ? ` -> ${outcome.body.slice(0, 200)}` : '';
      const auth = 'auth' in request ? ` (${request.auth})` : '';
      this.findings.set(id, {
        op: op.id,
        reason,
        count: 1,
        example: `${wire.method} ${wire.path.slice(0, 300)}${auth}${body}${answer}`,
      });
    }
    // A request that got no answer may have left the server looping: check it, start a fresh one if so.
    if ('failure' in outcome) {
      const health = await send(this.server.fixtures.port, { method: 'GET', path: '/health', headers: {} });
      if ('failure' in health) await this.server.restart();
    }
  }

  summary(): string {
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    const lines = [...this.statuses].map(([op, counts]) => {
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const byStatus = [...counts]
        .sort()
        .map(([status, n]) => `${status}:${n}`)
        .join(' ');
      const ms = Math.round((this.milliseconds.get(op) ?? 0) / total);
      return `  ${op.padEnd(72)} ${String(total).padStart(4)} ${String(ms).padStart(4)} ms  ${byStatus}`;
    });
    const all = new Map<string, number>();
    for (const counts of this.statuses.values()) {
      for (const [status, n] of counts) all.set(status, (all.get(status) ?? 0) + n);
    }
    const fiveHundreds = [...all].filter(([s]) => s.startsWith('5')).reduce((a, [, n]) => a + n, 0);
    return [
      `fuzz on ${this.kind}: ${this.requests} requests over ${this.statuses.size} operations in ${seconds} s ` +
        `(${this.regression} from the regression table, ${RUNS[this.kind]} drawn per operation with seed ${SEED}; ` +
        `server ready in ${this.server.startSeconds.toFixed(1)} s, restarts ${this.server.restarts}); ` +
        `5xx: ${fiveHundreds}; statuses ${[...all]
          .sort()
          .map(([s, n]) => `${s}:${n}`)
          .join(' ')}`,
      ...lines,
    ].join('\n');
  }
}

const formatFindings = (findings: Iterable<Finding>) =>
  [...findings].map((f) => `${f.op}: ${f.reason} (x${f.count}), e.g. ${f.example}`);

// ---------------------------------------------------------------------------------------------------------------
// The regression table: past findings, tried on every run whatever the seed draws.

function regressionRequests(op: Operation, fixtures: FuzzFixtures): WireRequest[] {
  const known = knownFor(op, fixtures);
  const auth = authHeaders(ownAuth(op), fixtures, op);
  const good = (p: Parameter): string => String(known[p.name]?.[0] ?? firstValid(p.schema, p.name, known));
  const build = (
    pathOf: (p: Parameter) => string,
    query: [string, string][],
    body?: unknown,
    extraHeaders: Record<string, string> = {},
  ): WireRequest => {
    const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const param = op.params.find((p) => p.in === 'path' && p.name === name);
      return param ? pathOf(param) : '1';
    });
    const search = query.length > 0 ? `?${new URLSearchParams(query).toString()}` : '';
    const headers: Record<string, string> = { ...auth, ...extraHeaders };
    for (const p of op.params.filter((q) => q.in === 'header'))
      headers[p.name] = `fuzz-${SEED}-regression-key`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    return {
      method: op.method,
      path: `${path}${search}`,
      headers,
      body: body === undefined ? undefined : textOf(body),
    };
  };
  const requiredQuery = (): [string, string][] =>
    op.params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, good(p)]);
  const baseBody = op.body ? firstValid(op.body, null, known) : undefined;
  const requests: WireRequest[] = [];
  const isId = (p: Parameter) => p.schema.type === 'integer';

  // Ids above int4 (2^31, 2^53 + 2) in every integer path and query parameter: 500s on 29 routes.
  for (const big of ['2147483648', '9007199254740994']) {
    if (op.params.some((p) => p.in === 'path' && isId(p))) {
      requests.push(build((p) => (isId(p) ? big : good(p)), requiredQuery(), baseBody));
    }
    for (const p of op.params.filter((q) => q.in === 'query' && isId(q))) {
      requests.push(build(good, [...requiredQuery().filter(([n]) => n !== p.name), [p.name, big]], baseBody));
    }
  }
  // A NUL byte in every text field: path, query and body (500s in 12 fields, the token route among them).
  const nul = 'a\u0000b';
  for (const p of op.params.filter(
    (q) => q.schema.type === 'string' || (q.schema.anyOf && q.in === 'query'),
  )) {
    if (p.in === 'path')
      requests.push(build((q) => (q === p ? encodeURIComponent(nul) : good(q)), requiredQuery(), baseBody));
    if (p.in === 'query') {
      requests.push(build(good, [...requiredQuery().filter(([n]) => n !== p.name), [p.name, nul]], baseBody));
    }
  }
  if (op.body && baseBody !== undefined) {
    for (const leaf of stringLeaves(op.body))
      requests.push(build(good, requiredQuery(), withValueAt(baseBody, leaf, nul)));
    // Malformed Unicode in every text field of a body (issue 32: a lone surrogate in a billing-address field
    // was a 500 on 3 routes, refused by jsonb). A query or path cannot carry one: it has no UTF-8 form.
    for (const unit of ['\uD800', '\uDC00', '\uDC00\uD800']) {
      for (const leaf of stringLeaves(op.body))
        requests.push(build(good, requiredQuery(), withValueAt(baseBody, leaf, `a${unit}b`)));
    }
  }
  // Dates far ahead: the order-times loop (customDate 9999-12-31 pinned the CPU) and kitchen-load for year 9999.
  if (op.path === '/v1/locations/{id}/order-times') {
    for (const date of ['9999-12-31', '10000-01-01', '0001-01-01', '9999-12-31T23:59:59Z']) {
      requests.push(build(good, [['customDate', date]]));
    }
  }
  // A typed delivery address (geocoded) while the location catalogue is cold: the geocoder read the catalogue
  // through the root handle inside the order's transaction (500; a wedge before the guard). Setting the store
  // online again empties the catalogue cache, as its 10 s lifetime does.
  if (op.path === '/v1/sales/orders/{orderId}/delivery-address' && op.method === 'PUT') {
    requests.push({
      method: 'PUT',
      path: '/v1/staff/locations/1/online',
      headers: { 'x-staff-key': fixtures.staffKey, 'content-type': 'application/json' },
      body: JSON.stringify({ isOnline: true }),
    });
    requests.push(
      build(good, [], {
        address: { line1: '1600 Pennsylvania Ave NW', city: 'Washington', stateCode: 'DC', zipCode: '20500' },
      }),
    );
  }
  if (op.path === '/v1/staff/locations/{id}/kitchen-load') {
    for (const date of ['9999-12-31', '0001-01-01', '2024-02-30'])
      requests.push(build(good, [['date', date]]));
  }
  return requests;
}

/** The credential an operation is meant for: the staff key, the customer's token (saved cards), a guest's. */
function ownAuth(op: Operation): AuthKind {
  if (op.staff) return 'staffKey';
  return isCustomerRoute(op.path) ? 'customer' : 'guest';
}

/**
 * The request a caller who knows the fixtures would make: known values first wherever there are some, the
 * schema's first valid value for the other required parts, optional parts without a known value left out,
 * the operation's own credential. Tried before the drawn ones, so that every operation reaches its success
 * path at least where the fixtures allow it, whatever the seed draws.
 */
function goodRequest(op: Operation, known: FuzzFixtures['known']): FuzzRequest {
  const valueOf = (p: Parameter) => known[p.name]?.[0] ?? firstValid(p.schema, p.name, known);
  const wanted = (p: Parameter) => p.required || known[p.name] !== undefined;
  return {
    path: op.params.filter((p) => p.in === 'path').map((p) => encodePathValue(valueOf(p))),
    query: op.params
      .filter((p) => p.in === 'query' && wanted(p))
      .map((p): [string, string] => [p.name, textOf(valueOf(p))]),
    rawQuery: '',
    headers: op.params
      .filter((p) => p.in === 'header' && wanted(p))
      .map((p): [string, string] => [p.name, headerValue(valueOf(p))]),
    auth: ownAuth(op),
    body: op.body
      ? { contentType: 'application/json', text: textOf(goodBody(op.body, known)), label: 'known' }
      : null,
  };
}

/** A body of known values (the first of each), the schema's first valid value for the rest it requires. */
function goodBody(schema: JsonSchema, known: FuzzFixtures['known']): unknown {
  if (schema.type !== 'object' || !schema.properties) return firstValid(schema, null, known);
  const required = new Set(schema.required ?? []);
  const body: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    const value = known[key]?.[0];
    if (value !== undefined) body[key] = value;
    else if (required.has(key)) body[key] = goodBody(property, known);
  }
  return body;
}

/** A value the schema accepts, the same on every run. */
function firstValid(schema: JsonSchema, name: string | null, known: FuzzFixtures['known']): unknown {
  return fc.sample(arbitraryOf(schema, name, { known, hostile: false }), { seed: SEED, numRuns: 1 })[0];
}

/** A copy of `value` with `leaf` set (objects and arrays made on the way where the sample left them out). */
function withValueAt(value: unknown, leaf: (string | number)[], text: string): unknown {
  const [head, ...rest] = leaf;
  if (head === undefined) return text;
  if (typeof head === 'number') {
    const list = Array.isArray(value) ? [...(value as unknown[])] : [];
    list[head] = withValueAt(list[head] ?? {}, rest, text);
    return list;
  }
  const object = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  return { ...object, [head]: withValueAt((object as Record<string, unknown>)[head], rest, text) };
}

// ---------------------------------------------------------------------------------------------------------------

// Both servers start at once (migrating and seeding take a few seconds each); each describe waits for its own,
// and every server is stopped at the end, also one whose describe a -t filter skipped.
const servers = new Map(
  (await dbKinds()).map((kind) => {
    const server = new FuzzServer(kind);
    const starting = server.start();
    // Awaited in beforeAll; a failure there fails the describe, not the process.
    starting.catch(() => undefined);
    return [kind, { server, starting }] as const;
  }),
);

afterAll(async () => {
  await Promise.all([...servers.values()].map(({ server }) => server.stop()));
}, 30_000);

describe.each([...servers.keys()])('schema-driven fuzz on %s', (kind) => {
  const entry = servers.get(kind);
  if (!entry) throw new Error(`no fuzz server for ${kind}`);
  const { server, starting } = entry;
  const run = new Run(kind, server);
  let operations: Operation[] = [];

  beforeAll(async () => {
    await starting;
    operations = operationsOf(server.fixtures.document as Parameters<typeof operationsOf>[0]);
  }, 270_000);

  afterAll(async () => {
    console.log(run.summary());
    await server.stop();
  }, 30_000);

  it('the document lists every operation of the API', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('answers the regression table of past findings in the envelope, without 5xx or hangs', async () => {
    const before = run.findings.size;
    for (const op of operations) {
      for (const request of regressionRequests(op, server.fixtures)) {
        run.regression += 1;
        await run.exercise(op, request);
      }
    }
    expect(formatFindings([...run.findings.values()].slice(before))).toEqual([]);
  }, 300_000);

  it(`answers ${RUNS[kind]} drawn requests per operation in the envelope, without 5xx or hangs`, async () => {
    run.findings.clear();
    for (const [index, op] of operations.entries()) {
      const known = knownFor(op, server.fixtures);
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op, known), async (request) => {
          await run.exercise(op, request);
        }),
        { seed: SEED + index, numRuns: RUNS[kind], endOnFailure: true, examples: [[goodRequest(op, known)]] },
      );
    }
    expect(formatFindings(run.findings.values())).toEqual([]);
  }, 600_000);
});
