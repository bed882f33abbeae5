import type { Context } from 'hono';
import { invalidInput } from '../../middleware/validate';

export const UNKNOWN_CURSOR_MESSAGE = 'Not a message of this conversation';

/** 400 for a `before`/`after` that names no message of the conversation asked for. */
export function unknownCursor(c: Context, query: { before?: string | undefined; after?: string | undefined }) {
  return invalidInput(c, { [query.before ? 'before' : 'after']: [UNKNOWN_CURSOR_MESSAGE] });
}
