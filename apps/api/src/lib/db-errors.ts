/**
 * Database unavailability, told apart from bugs. A pool that gives no connection in time, a server that refuses,
 * restarts or ends our session (admin shutdown, crash, pg_terminate_backend), a statement or an idle transaction
 * ended by its timeout: the request did not happen (its transaction rolled back) and may be retried in a moment,
 * so the answer is 503 with Retry-After, not a 500. Drizzle wraps driver errors (DrizzleQueryError with the
 * driver's error as `cause`), so the whole cause chain is read.
 */

/** SQLSTATE classes and codes that mean "not now" rather than "wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown (a restart, pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  '57P05', // idle_session_timeout
  '57014', // query_canceled (statement_timeout)
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** Socket-level failures of the connection to the server. */
const UNAVAILABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres reports a lost or unobtainable connection by message only. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'Query read timeout',
];

/** Seconds a client should wait before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;

function isUnavailableOne(error: object): boolean {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code !== undefined) {
    // SQLSTATE class 08: connection exceptions (08006 connection_failure, 08003, 08001, ...).
    if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_SYSCALL_CODES.has(code))
      return true;
  }
  const message = error instanceof Error ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((text) => message.includes(text));
}

/** True when `error` (or an error it wraps) says the database could not serve the request right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    if (isUnavailableOne(current)) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}
