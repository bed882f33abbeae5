import type { ChatMessageDto, ChatPageDto } from '@app/shared';

/** Reads one page of a conversation: the newest, the one `before` a message, or what came `after` one. */
export type FetchChatPage = (cursor: { before?: string; after?: string }) => Promise<ChatPageDto>;

/**
 * Everything after `afterId`, page by page while the server says more remain:
 * what a conversation missed while its socket was down (or before it joined).
 */
export async function fetchAllAfter(fetchPage: FetchChatPage, afterId: string): Promise<ChatMessageDto[]> {
  const missed: ChatMessageDto[] = [];
  let cursor = afterId;
  for (;;) {
    const page = await fetchPage({ after: cursor });
    missed.push(...page.messages);
    const newest = page.messages.at(-1);
    if (!page.has_more || !newest) return missed;
    cursor = newest.id;
  }
}
