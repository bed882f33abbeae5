import { ServerResponse, type IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

/** Headers a middleware adds to every response it covers, with their names; built once at start-up. */
export interface EnforcedHeaders {
  entries: readonly (readonly [string, string])[];
  /** The names, lower-case. */
  names: ReadonlySet<string>;
}

export function enforcedHeaders(entries: readonly (readonly [string, string])[]): EnforcedHeaders {
  return { entries, names: new Set(entries.map(([name]) => name.toLowerCase())) };
}

/**
 * Node's response for the server (`serve({ serverOptions: { ServerResponse } })`):
 * headers enforced on it before the handler runs are written with whatever
 * the handler answers, and the handler cannot replace them.
 */
export class EnforcingServerResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  #enforced: EnforcedHeaders[] | undefined;

  enforce(headers: EnforcedHeaders) {
    for (const [name, value] of headers.entries) super.setHeader(name, value);
    (this.#enforced ??= []).push(headers);
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.#enforced) {
      const lower = name.toLowerCase();
      if (this.#enforced.some((headers) => headers.names.has(lower))) return this;
    }
    return super.setHeader(name, value);
  }
}

/**
 * Adds `headers` to the response the request ends with, whatever answers it
 * (handlers' errors included), over any value the handler set.
 */
export function withHeaders(headers: EnforcedHeaders): MiddlewareHandler {
  return (c, next) => {
    if (enforceOnNodeResponse(c, headers)) return next();
    return next().then(() => setOnResponse(c, headers));
  };
}

/**
 * Puts `headers` on Node's own response before the handler runs, and says
 * whether it could; when it could not, call `setOnResponse` once the handler
 * has answered.
 *
 * Setting them on the handler's Response afterwards turns @hono/node-server's
 * light response (a plain header object) into a WHATWG `Headers`, built,
 * filled and read back on every request, so Node's response is used wherever
 * there is one. There is none for in-process requests and WebSocket upgrades.
 */
export function enforceOnNodeResponse(c: Context, headers: EnforcedHeaders): boolean {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (!(outgoing instanceof EnforcingServerResponse) || outgoing.headersSent) return false;
  outgoing.enforce(headers);
  return true;
}

/** Sets `headers` on the response the handler answered with. */
export function setOnResponse(c: Context, headers: EnforcedHeaders) {
  // On the response's own headers: c.header() after the handler has answered
  // copies the whole response once per call.
  const target = c.res.headers;
  for (const [name, value] of headers.entries) target.set(name, value);
}
