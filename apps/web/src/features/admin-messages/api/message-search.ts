import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MessageSearchDto } from '@app/shared';
import { api, read } from '@/lib/api';

/** GET /api/admin/messages/search: one page of messages matching the words, best match first (decision 062). */
export function useMessageSearch(q: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'messages', 'search', q, page],
    queryFn: (): Promise<MessageSearchDto> =>
      read(api.admin.messages.search.$get({ query: { q, page: String(page) } })),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
}
