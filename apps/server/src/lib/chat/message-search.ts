import { sql } from 'drizzle-orm';
import {
  MESSAGE_SEARCH_PAGE_SIZE,
  type MessageAuthorKind,
  type MessageSearchDto,
  type SearchSnippetPart,
} from '@app/shared';
import type { Database } from '../../db/client';
import { chatMessages, conversations, profiles } from '../../db/schema';
import { customerNameSql } from './conversations';

/**
 * Search across messages (decision 062). PostgreSQL's full-text search with
 * English stemming ("sleeping" finds "sleep" and "sleeps"), and the syntax of
 * websearch_to_tsquery ("a quoted phrase", or, -word).
 * The match runs on chat_messages_search_idx over the stored search_vector
 * column (the words PostgreSQL keeps for each message). Best match first
 * (ts_rank), newest first among equals; pages by offset, at most
 * MESSAGE_SEARCH_MAX_PAGE deep.
 */

/** Private-use characters mark the matched words in ts_headline's output; taken out of the text first. */
const START = '\uE000';
const STOP = '\uE001';
// One stretch around the best match (fragments would drop a short message's last words and stops).
const HEADLINE_OPTIONS = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=12`;

type ResultRow = {
  message_id: string;
  conversation_id: string;
  customer_name: string;
  author_kind: MessageAuthorKind;
  created_at: string | Date;
  headline: string;
};

export async function searchMessages(db: Database, input: { q: string; page: number }): Promise<MessageSearchDto> {
  if (input.q === '') return { results: [], page: input.page, has_more: false };
  const offset = (input.page - 1) * MESSAGE_SEARCH_PAGE_SIZE;
  const result = await db.execute(sql`
    with q as (select websearch_to_tsquery('english', ${input.q}) as query),
    found as (
      select m.id, m.conversation_id, m.author_kind, m.created_at, m.message,
             ts_rank(m.search_vector, q.query) as rank
        from ${chatMessages} m, q
       where m.search_vector @@ q.query
       order by rank desc, m.created_at desc, m.id desc
       limit ${MESSAGE_SEARCH_PAGE_SIZE + 1} offset ${offset}
    )
    select f.id as message_id, f.conversation_id, f.author_kind, f.created_at,
           ${customerNameSql} as customer_name,
           ts_headline('english', translate(f.message, ${START + STOP}, ''), q.query, ${HEADLINE_OPTIONS}) as headline
      from found f
      cross join q
      join ${conversations} c on c.id = f.conversation_id
      left join ${profiles} p on p.id = c.member_id
     order by f.rank desc, f.created_at desc, f.id desc`);
  const rows = (result as unknown as { rows: ResultRow[] }).rows;
  return {
    results: rows.slice(0, MESSAGE_SEARCH_PAGE_SIZE).map((row) => ({
      message_id: row.message_id,
      conversation_id: row.conversation_id,
      customer_name: row.customer_name,
      author: row.author_kind,
      created_at: new Date(row.created_at).toISOString(),
      snippet: snippetParts(row.headline),
    })),
    page: input.page,
    has_more: rows.length > MESSAGE_SEARCH_PAGE_SIZE,
  };
}

/** ts_headline's text as plain pieces, the matched words marked: the web app shows them as text, never as HTML. */
export function snippetParts(headline: string): SearchSnippetPart[] {
  const parts: SearchSnippetPart[] = [];
  for (const [i, piece] of headline.split(START).entries()) {
    const [matched, rest] = i === 0 ? [undefined, piece] : splitOnce(piece, STOP);
    if (matched) parts.push({ text: matched, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)];
}
