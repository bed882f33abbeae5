/**
 * Telling "the database is not there right now" apart from every other
 * error, so an outage answers 503 (try again) instead of 500 (our bug).
 */
export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';

/** Seconds a client is asked to wait (Retry-After) before trying again. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * PostgreSQL refuses or ends the connection: 57P01 admin_shutdown (also what
 * pg_terminate_backend sends), 57P02 crash_shutdown, 57P03 cannot_connect_now
 * (starting up / shutting down), class 08 connection exceptions.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** The socket to the database failed. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What node-postgres says when the socket closes or a connection cannot be had. */
const UNAVAILABLE_MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error and is not queryable/i,
  /cannot use a pool after calling end/i,
];

function isUnavailableItself(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/** Whether the error, or any error it wraps (`cause`, or AggregateError's `errors`), matches. */
function anyInChain(error: unknown, matches: (error: object) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const current = queue.shift();
    if (!current || typeof current !== 'object' || seen.has(current)) continue;
    seen.add(current);
    if (matches(current)) return true;
    queue.push((current as { cause?: unknown }).cause);
    const inner = (current as { errors?: unknown }).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
  return false;
}

/**
 * True when the error, or one it wraps (drizzle wraps driver errors in
 * `cause`; a refused connection to several addresses is an AggregateError),
 * says the database cannot be reached.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return anyInChain(error, isUnavailableItself);
}

/**
 * PostgreSQL refused a value: class 22 (data exception: text too long, not a
 * number, bad encoding...), 23502 (null where a value is required), 23503 (an
 * id that names nothing), 23514 (a check constraint). Input should be refused
 * by validation before it gets this far; this is the backstop that keeps such
 * a miss a 400 instead of a 500 (and logs it, so the validation gets fixed).
 */
export function isInputRefusedByDatabase(error: unknown): boolean {
  return anyInChain(error, (current) => {
    const { code } = current as { code?: unknown };
    return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || ['23502', '23503', '23514'].includes(code));
  });
}

/**
 * The first SQLSTATE in an error's chain (drizzle wraps the driver's error in
 * `cause`): what a log line may say about a failed query. The errors' messages
 * and `params` hold the query's values, a member's name or address among them.
 */
export function sqlStateOf(error: unknown): string | undefined {
  let found: string | undefined;
  anyInChain(error, (current) => {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) found = code;
    return found !== undefined;
  });
  return found;
}
