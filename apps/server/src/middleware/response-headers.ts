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
 *
 * On a Node socket they go on Node's own response before the handler runs.
 * Setting them on the handler's Response afterwards instead turns
 * @hono/node-server's light response (a plain header object) into a WHATWG
 * `Headers`, built, filled and read back on every request. Where there is no
 * Node response (in-process requests, WebSocket upgrades) they are set on the
 * Response afterwards.
 */
export function withHeaders(headers: EnforcedHeaders): MiddlewareHandler {
  return (c, next) => {
    const outgoing = nodeResponseOf(c);
    if (!outgoing) return next().then(() => setOnResponse(c, headers));
    outgoing.enforce(headers);
    return next();
  };
}

function nodeResponseOf(c: Context): EnforcingServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  return outgoing instanceof EnforcingServerResponse && !outgoing.headersSent ? outgoing : undefined;
}

function setOnResponse(c: Context, headers: EnforcedHeaders) {
  // On the response's own headers: c.header() after the handler has answered
  // copies the whole response once per call.
  const target = c.res.headers;
  for (const [name, value] of headers.entries) target.set(name, value);
}
