import type { Context, TypedResponse } from 'hono';

const JSON_CONTENT_TYPE = { 'content-type': 'application/json' };

/**
 * Answers JSON that is already text (made by the database, or remembered as
 * text), as c.json() would answer the value it stands for and typed as such
 * for the web app's client: the hot reads skip parsing and serialising again.
 */
export function jsonText<T>(c: Context, text: string): TypedResponse<T, 200, 'json'> {
  return c.body(text, 200, JSON_CONTENT_TYPE) as unknown as TypedResponse<T, 200, 'json'>;
}
