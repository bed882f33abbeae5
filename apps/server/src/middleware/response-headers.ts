import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
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
 *
 * They are merged into the header object the response is written with
 * (`writeHead`), not set beforehand with `setHeader`: a response with headers
 * set beforehand takes Node's slow path, which sets each of the handler's
 * headers one by one and cost a health check about a tenth of its time.
 */
export class EnforcingServerResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  #enforced: EnforcedHeaders[] | undefined;
  /** Whether anything set headers before writeHead (Node's "progressive" API). */
  #progressive = false;

  enforce(headers: EnforcedHeaders) {
    (this.#enforced ??= []).push(headers);
  }

  #isEnforced(name: string): boolean {
    if (!this.#enforced) return false;
    const lower = name.toLowerCase();
    return this.#enforced.some((headers) => headers.names.has(lower));
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    if (this.#isEnforced(name)) return this;
    this.#progressive = true;
    return super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    if (this.#isEnforced(name)) return this;
    this.#progressive = true;
    return super.appendHeader(name, value);
  }

  override writeHead(
    statusCode: number,
    statusMessage?: string,
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this;
  override writeHead(statusCode: number, headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this;
  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const message = typeof messageOrHeaders === 'string' ? messageOrHeaders : undefined;
    const given = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders;
    const enforced = this.#enforced;
    if (!enforced) return super.writeHead(statusCode, message, given);
    if (this.#progressive || Array.isArray(given)) {
      // Rare here (@hono/node-server writes a plain object): set them over the rest, as Node merges.
      for (const headers of enforced) for (const [name, value] of headers.entries) super.setHeader(name, value);
      return super.writeHead(statusCode, message, given);
    }
    const merged: OutgoingHttpHeaders = {};
    for (const name in given) if (!this.#isEnforced(name)) merged[name] = given[name];
    for (const headers of enforced) for (const [name, value] of headers.entries) merged[name] = value;
    return super.writeHead(statusCode, message, merged);
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
