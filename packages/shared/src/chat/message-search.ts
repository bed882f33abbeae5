import { z } from 'zod';
import type { MessageAuthorKind } from './chat-contract';

/**
 * Search across messages (decision 062): PostgreSQL's full-text search over
 * every conversation's text, for admins, best match first.
 */

export const MESSAGE_SEARCH_PAGE_SIZE = 20;
export const MESSAGE_SEARCH_MAX_LENGTH = 200;
/** Deeper than this nobody reads; a narrower search finds it. */
export const MESSAGE_SEARCH_MAX_PAGE = 50;

/** GET /api/admin/messages/search?q=&page= (1-based). */
export const messageSearchQuerySchema = z.object({
  /** Nothing to search for finds nothing (an empty box is no error). */
  q: z
    .string()
    .trim()
    .max(MESSAGE_SEARCH_MAX_LENGTH, `Search must be at most ${MESSAGE_SEARCH_MAX_LENGTH} characters`)
    .default(''),
  page: z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1, `Page must be between 1 and ${MESSAGE_SEARCH_MAX_PAGE}`)
    .max(MESSAGE_SEARCH_MAX_PAGE, `Page must be between 1 and ${MESSAGE_SEARCH_MAX_PAGE}`)
    .default(1),
});

/** A piece of a result's excerpt: `match` marks the words the search found (shown highlighted, as text). */
export type SearchSnippetPart = { text: string; match: boolean };

export type MessageSearchResultDto = {
  message_id: string;
  conversation_id: string;
  /** The conversation's person, as the inbox names them. */
  customer_name: string;
  author: MessageAuthorKind;
  created_at: string;
  /** The words around the match. */
  snippet: SearchSnippetPart[];
};

export type MessageSearchDto = {
  results: MessageSearchResultDto[];
  page: number;
  has_more: boolean;
};
