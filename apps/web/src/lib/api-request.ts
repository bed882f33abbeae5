import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, FieldErrors } from '@app/shared';

/**
 * Calls to our own API (same origin, session cookie included), decision 015:
 * the answer reading and errors every call shares, and better-auth's endpoints.
 * The typed client itself is `api` in ./api, kept apart so the start-up chunk,
 * which reads the session here, does not carry hono's client (decision 028).
 *
 * `api` is typed by the server's routes: paths, path parameters, queries,
 * bodies and answers are checked by the compiler. Wrap each call in `read()`,
 * which hands back the answer's data or throws an ApiError, so screens show one
 * kind of error:
 *
 *   const profile = await read(api.me.profile.$get());
 *
 * better-auth's endpoints (/api/auth/*) are not part of that type; the auth
 * feature calls them with `authApi` below, which fails the same way.
 */
export type { FieldErrors };

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status; 0 when the request never reached the server. */
    readonly status: number,
    message: string,
    /** The server's own explanation (`message` or `error` field), when it sent one. */
    readonly serverMessage: string | undefined,
    readonly code: string | undefined,
    readonly fieldErrors: FieldErrors,
  ) {
    super(message);
  }
}

const NETWORK_MESSAGE = 'We could not reach Calm Space. Please check your connection and try again.';

/** What a call answers when it succeeds: the data of its 2xx responses. */
export type ApiData<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? [Extract<S, SuccessStatusCode>] extends [never]
      ? never
      : T
    : never;

/** The data of a typed call, or an ApiError (status 0 when the network failed). */
export async function read<R extends ClientResponse<unknown, number>>(call: Promise<R>): Promise<ApiData<R>> {
  let response: R;
  try {
    response = await call;
  } catch (error) {
    throw unreachable(error);
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, response.statusText, body);
  return body as ApiData<R>;
}

/**
 * A call whose answer is a file (a CSV export): its body and the name the
 * server gave it (Content-Disposition), or the ApiError read() would throw.
 */
export async function readFile<R extends ClientResponse<unknown, number>>(
  call: Promise<R>,
): Promise<{ blob: Blob; fileName: string | undefined }> {
  let response: R;
  try {
    response = await call;
  } catch (error) {
    throw unreachable(error);
  }
  if (!response.ok) throw toApiError(response.status, response.statusText, await readBody(response));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName };
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type AuthPath = `/api/auth/${string}`;
/** A call outside the typed client: better-auth's endpoints. */
async function plainRequest<T>(method: Method, path: AuthPath, body?: unknown): Promise<T> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...(hasBody && { 'Content-Type': 'application/json' }) },
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    throw unreachable(error);
  }
  const parsed = await readBody(response);
  if (!response.ok) throw toApiError(response.status, response.statusText, parsed);
  return parsed as T;
}

export const authApi = {
  get: <T>(path: AuthPath) => plainRequest<T>('GET', path),
  post: <T>(path: AuthPath, body: unknown = {}) => plainRequest<T>('POST', path, body),
};

async function readBody(response: { text(): Promise<string> }): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A cancelled request stays a cancellation (TanStack Query expects it); anything else is "offline". */
function unreachable(error: unknown): unknown {
  if (error instanceof DOMException && error.name === 'AbortError') return error;
  return new ApiError(0, NETWORK_MESSAGE, undefined, undefined, {});
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * Our API answers ApiErrorBody; better-auth answers `{ message, code }`; a
 * proxy may answer HTML. Whatever came, the error carries a readable message.
 */
function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const record = (body && typeof body === 'object' ? body : {}) as Partial<ApiErrorBody> & { message?: unknown };
  const serverMessage = pickString(record.message) ?? pickString(record.error);
  const fieldErrors =
    record.fieldErrors && typeof record.fieldErrors === 'object' ? (record.fieldErrors as FieldErrors) : {};
  return new ApiError(
    status,
    serverMessage ?? (statusText || `Request failed with status ${status}`),
    serverMessage,
    pickString(record.code),
    fieldErrors,
  );
}

/** The server's explanation when it gave one, else the screen's own fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
