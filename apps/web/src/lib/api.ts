/**
 * A tiny JSON client for our own API (same origin, session cookie included).
 * Every failure becomes an ApiError, so screens show one kind of error.
 */
export type FieldErrors = Record<string, string[]>;

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

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
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

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const hasBody = options.body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(hasBody && { 'Content-Type': 'application/json' }),
        ...options.headers,
      },
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE, undefined, undefined, {});
  }
  const body = await readBody(response);
  if (!response.ok) throw toApiError(response.status, response.statusText, body);
  return body as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body: unknown = {}, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/** The server's explanation when it gave one, else the screen's own fallback text. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
