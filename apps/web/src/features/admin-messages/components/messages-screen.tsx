import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Mail, MessageSquare, RefreshCw, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConnectionHint } from '@/components/chat/connection-hint';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { Button } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { cn } from '@/lib/cn';
import { useConversationList, useMemberConversation, useRefreshConversationList } from '../api/conversations';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { useLiveInbox } from '../hooks/use-live-inbox';
import { ConversationList } from './conversation-list';
import { ConversationPane } from './conversation-pane';

/** The URL names the open conversation by its id, so a reload or a shared link opens it again. */
const CONVERSATION_PARAM = 'conversation';
/** A link may name a member instead (`?member=<id>`): their conversation opens, and the URL then names it. */
const MEMBER_PARAM = 'member';

/**
 * Customer Conversations (docs/product.md#on-screen): the counters,
 * the customer list and the open conversation, all kept live. Below 1024 px
 * the list and the conversation take turns; from there they sit side by side.
 * `renderProgramme` shows a member's programme in their conversation (the page supplies it).
 */
export function MessagesScreen({ renderProgramme }: { renderProgramme?: (memberId: string) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const memberId = params.get(MEMBER_PARAM);
  const ofMember = useMemberConversation(memberId);
  const selectedId = params.get(CONVERSATION_PARAM) ?? (memberId ? (ofMember.data?.conversation_id ?? null) : null);
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedSearch(typed, () => setPage(1));
  const list = useConversationList(search, page);
  const refreshList = useRefreshConversationList();
  useLiveInbox(refreshList);

  // Failing to load the list (at first, on Refresh or on a live change) is a toast, once per failure.
  useEffect(() => {
    if (list.error) toast.error('Error', { description: 'Failed to fetch conversations' });
  }, [list.error]);

  const select = useCallback(
    (conversationId: string | null, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(MEMBER_PARAM);
          if (conversationId) next.set(CONVERSATION_PARAM, conversationId);
          else next.delete(CONVERSATION_PARAM);
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );

  // A member's link, once resolved, becomes the conversation's own URL (in place: Back skips it).
  const resolved = ofMember.data?.conversation_id;
  useEffect(() => {
    if (resolved && !params.get(CONVERSATION_PARAM)) select(resolved, { replace: true });
  }, [resolved, params, select]);
  useEffect(() => {
    if (ofMember.error) toast.error('Error', { description: 'Customer not found' });
  }, [ofMember.error]);

  const data = list.data;
  return (
    <>
      {/* The unread count before the tab's title is the coach notifier's, on every admin page (decision 063). */}
      <AdminPageHeader
        title="Customer Conversations"
        description="Read and answer members' messages to their coach."
      />
      {/* Below 1024 px the list and the conversation take turns; an open conversation gets the screen. */}
      <div className={cn('mb-6 flex flex-wrap items-center justify-between gap-3', selectedId && 'hidden lg:flex')}>
        <Button variant="outline" onClick={() => void list.refetch()} busy={list.isFetching}>
          <RefreshCw aria-hidden="true" className={list.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <ConnectionHint />
      </div>
      <div className={cn('mb-6 grid gap-4 lg:grid-cols-3', selectedId && 'hidden lg:grid')}>
        <StatCard label="Total Customers" value={data?.total_customers ?? '–'} icon={Users} />
        <StatCard label="Unread Messages" value={data?.unread_messages ?? '–'} icon={Mail} />
        <StatCard label="Active Conversations" value={data?.active_conversations ?? '–'} icon={MessageSquare} />
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)]">
        <div className={selectedId ? 'hidden lg:block' : undefined}>
          <ConversationList
            data={data}
            loading={list.isPending}
            search={typed}
            onSearchChange={setTyped}
            selectedId={selectedId}
            onSelect={select}
            onPageChange={setPage}
          />
        </div>
        {selectedId ? (
          <ConversationPane
            key={selectedId}
            conversationId={selectedId}
            onBack={() => select(null)}
            onListChanged={() => void refreshList()}
            onOpenConversation={(conversationId) => select(conversationId, { replace: true })}
            renderProgramme={renderProgramme}
          />
        ) : (
          <p className="text-muted-foreground hidden min-h-64 place-items-center rounded-xl border border-dashed p-8 text-center lg:grid">
            Select a customer
          </p>
        )}
      </div>
    </>
  );
}
