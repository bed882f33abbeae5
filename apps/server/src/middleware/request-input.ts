import type { Context, MiddlewareHandler, Next } from 'hono';
import type { UnofficialStatusCode } from 'hono/utils/http-status';
import type { Logger } from '../lib/logger';
import { declaredBodyLimit } from './body-limit';

/**
 * The largest request body any API endpoint accepts. Every form of the app
 * sends well under 4 KB; an endpoint that needs more declares its own, larger
 * limit (routeBodyLimit in body-limit.ts).
 */
export const MAX_API_BODY_BYTES = 32 * 1024;

const tooLargeMessage = (limit: number) => `The request is too large: at most ${limit / 1024} KB is accepted.`;
export const BODY_TOO_LARGE_MESSAGE = tooLargeMessage(MAX_API_BODY_BYTES);
export const MALFORMED_BODY_MESSAGE = 'Malformed request body';
export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the NUL character (\\u0000). Remove it and try again.';
/**
 * How deeply a JSON body may nest objects and arrays. Our forms nest two
 * levels and Stripe's events about ten; libraries that merge or copy a body
 * recursively (better-auth's defu) overflow the stack a few thousand levels
 * down, which a 32 KB body easily reaches.
 */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request is nested too deeply: at most ${MAX_JSON_DEPTH} levels are accepted.`;

/** The nginx convention for "the client went away before we answered"; nobody receives it, the log shows it. */
export const CLIENT_CLOSED_STATUS = 499 as UnofficialStatusCode;

const JSON_MEDIA_TYPE = /^application\/([\w.+-]+\+)?json$/i;
/** better-auth's sign-in and sign-up also read HTML-form bodies, whose %00 becomes NUL only once decoded. */
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded$/i;

/**
 * Guards every /api request before any handler, better-auth's included, sees
 * it: the body is read here once, never more than MAX_API_BODY_BYTES of it
 * (whether or not Content-Length announced its size), and handed on as a
 * copy. A JSON body must parse and nest at most MAX_JSON_DEPTH levels, and no
 * text anywhere (body, JSON or form-encoded, path, query) may hold NUL, which
 * PostgreSQL cannot store: such requests answer 400 and reach no handler, so
 * nothing is written.
 */
export function requestInput({ logger }: { logger: Logger }): MiddlewareHandler {
  // Not async: a read passes on with no promise of its own.
  return (c, next) => {
    if (c.req.url.includes('%00')) return Promise.resolve(c.json({ error: NUL_CHARACTER_MESSAGE }, 400));
    // Reads carry no body. Asking the request for one would make node-server build
    // a full WHATWG Request (and its AbortController) for every GET, which cost
    // a fifth of a health check's CPU.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return checkBody(c, next, logger);
  };
}

async function checkBody(c: Context, next: Next, logger: Logger) {
  const request = c.req.raw;
  if (!request.body) return next();
  const limit = declaredBodyLimit(c) ?? MAX_API_BODY_BYTES;
  if (Number(c.req.header('content-length')) > limit) return tooLarge(c, limit);

  let bytes: Uint8Array<ArrayBuffer> | undefined;
  try {
    bytes = await readAtMost(request.body, limit);
  } catch (error) {
    // Reading fails only when the client's connection does (it hung up mid-upload).
    return clientClosed(c, logger, error);
  }
  if (!bytes) return tooLarge(c, limit);

  if (bytes.includes(0)) return c.json({ error: NUL_CHARACTER_MESSAGE }, 400);
  const refusal = bytes.length ? refuseText(c.req.header('content-type'), bytes) : undefined;
  if (refusal) return c.json({ error: refusal }, 400);

  c.req.raw = new Request(request, { body: bytes });
  await next();
}

/** The whole stream, or undefined as soon as it passes `limit` bytes (the rest is never read). */
async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return new Uint8Array(Buffer.concat(chunks));
    size += value.byteLength;
    if (size > limit) {
      // Not cancelled: that would destroy the socket before the 413 is written.
      // The response's Connection: close ends it after the answer instead.
      reader.releaseLock();
      return undefined;
    }
    chunks.push(value);
  }
}

function tooLarge(c: Context, limit: number) {
  c.header('Connection', 'close');
  return c.json({ error: tooLargeMessage(limit) }, 413);
}

/** The client hung up mid-request: nothing to answer, and not our failure. */
export function clientClosed(c: Context, logger: Logger, error?: unknown) {
  const reason = error instanceof Error ? error.message : undefined;
  logger.info({ method: c.req.method, path: c.req.path, reason }, 'client closed the request');
  return c.body(null, CLIENT_CLOSED_STATUS);
}

/** Why a JSON or form-encoded body is refused, or undefined when its text may go on. */
function refuseText(contentType: string | undefined, bytes: Uint8Array): string | undefined {
  const mediaType = contentType?.split(';')[0]?.trim() ?? '';
  if (FORM_MEDIA_TYPE.test(mediaType)) {
    for (const [key, value] of new URLSearchParams(new TextDecoder().decode(bytes))) {
      if (key.includes('\0') || value.includes('\0')) return NUL_CHARACTER_MESSAGE;
    }
    return undefined;
  }
  if (!JSON_MEDIA_TYPE.test(mediaType)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return MALFORMED_BODY_MESSAGE;
  }
  return refuseJsonValue(value);
}

/**
 * NUL in any string or key, or nesting deeper than MAX_JSON_DEPTH. Iterative,
 * so the check itself cannot overflow the stack however deep the value.
 */
function refuseJsonValue(value: unknown): string | undefined {
  const stack: Array<[value: unknown, depth: number]> = [[value, 0]];
  while (stack.length) {
    const [current, depth] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\0')) return NUL_CHARACTER_MESSAGE;
    } else if (current && typeof current === 'object') {
      if (depth >= MAX_JSON_DEPTH) return TOO_DEEP_MESSAGE;
      for (const [key, inner] of Object.entries(current)) {
        if (key.includes('\0')) return NUL_CHARACTER_MESSAGE;
        stack.push([inner, depth + 1]);
      }
    }
  }
  return undefined;
}
