import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { CONVERSATION_FILTERS, CONVERSATION_SORTS, type ConversationFilter, type ConversationSort } from '@app/shared';
import { Mail, MessageSquare, RefreshCw, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ConnectionHint } from '@/components/chat/connection-hint';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { Button } from '@/components/ui/button';
import { StatCard } from '@/components/ui/stat-card';
import { cn } from '@/lib/cn';
import {
  useConversationList,
  useMemberConversation,
  useRefreshConversationHeaders,
  useRefreshConversationList,
} from '../api/conversations';
import { useDebouncedSearch } from '../hooks/use-debounced-search';
import { useLiveInbox } from '../hooks/use-live-inbox';
import { ConversationList } from './conversation-list';
import { ConversationPane, type ConversationPaneProps } from './conversation-pane';
import { MessageSearch } from './message-search';
import { useMediaQuery } from '@/lib/use-media-query';
import { MemberContextColumn, MemberContextDisclosure } from './member-context-column';

/** From here (Tailwind's xl) the member's context gets a column of its own beside the conversation. */
const CONTEXT_COLUMN_QUERY = '(min-width: 80rem)';

/** The URL names the open conversation by its id, so a reload or a shared link opens it again. */
const CONVERSATION_PARAM = 'conversation';
/** A link may name a member instead (`?member=<id>`): their conversation opens, and the URL then names it. */
const MEMBER_PARAM = 'member';
/** A search result names its message too (`&message=<id>`): the conversation opens at it. */
const MESSAGE_PARAM = 'message';
/** Whose conversations and in which order (decision 061), so a reload or Back keeps the coach's view. */
const FILTER_PARAM = 'show';
const SORT_PARAM = 'sort';

/** The URL's value when it is one of `allowed`, else the default (a hand-edited link shows the default view). */
function oneOf<T extends string>(value: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * Customer Conversations (docs/product.md#on-screen): the counters,
 * the customer list and the open conversation, all kept live. Below 1024 px
 * the list and the conversation take turns; from there they sit side by side.
 * `renderContext` (the member's details and the team's notes) and `renderProgramme` (their programme), supplied
 * by the page, go in a third column from 1280 px; below it, the context is folded above the thread and the
 * programme sits in the pane.
 */
export function MessagesScreen({
  renderProgramme,
  renderComposer,
  viewerId,
  renderContext,
}: {
  renderProgramme?: (memberId: string) => ReactNode;
  renderComposer?: ConversationPaneProps['renderComposer'];
  /** The signed-in admin: their own replies say "You", and "Mine" lists what is assigned to them. */
  viewerId?: string;
  renderContext?: (memberId: string) => ReactNode;
} = {}) {
  const [params, setParams] = useSearchParams();
  const contextColumn = useMediaQuery(CONTEXT_COLUMN_QUERY) && renderContext !== undefined;
  const memberId = params.get(MEMBER_PARAM);
  const ofMember = useMemberConversation(memberId);
  const selectedId = params.get(CONVERSATION_PARAM) ?? (memberId ? (ofMember.data?.conversation_id ?? null) : null);
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const search = useDebouncedSearch(typed, () => setPage(1));
  // Whose conversations and in which order (decision 061), kept in the URL; a change starts again at page 1.
  const filter = oneOf<ConversationFilter>(params.get(FILTER_PARAM), CONVERSATION_FILTERS, 'all');
  const sort = oneOf<ConversationSort>(params.get(SORT_PARAM), CONVERSATION_SORTS, 'unread');
  const setView = useCallback(
    (name: typeof FILTER_PARAM | typeof SORT_PARAM, value: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(name, value);
          return next;
        },
        { replace: true },
      );
      setPage(1);
    },
    [setParams],
  );
  const list = useConversationList({ search, page, filter, sort });
  const refreshList = useRefreshConversationList();
  const refreshHeaders = useRefreshConversationHeaders();
  // An inbox change may be another coach's assignment: the open pane's header is read again with the list.
  useLiveInbox(useCallback(() => Promise.all([refreshList(), refreshHeaders()]), [refreshList, refreshHeaders]));

  // On a laptop the list and the conversation fill the screen below the header and scroll on their own:
  // opening a conversation brings them into view, so the reply box is always on screen.
  const columns = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selectedId && window.matchMedia('(min-width: 1024px)').matches) {
      columns.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [selectedId]);

  const select = useCallback(
    (conversationId: string | null, options: { replace?: boolean; messageId?: string } = {}) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(MEMBER_PARAM);
          next.delete(MESSAGE_PARAM);
          if (options.messageId) next.set(MESSAGE_PARAM, options.messageId);
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
      <AdminPageHeader title="Customer Conversations" description="Read and answer members' messages to their coach." />
      {/* Below 1024 px the list and the conversation take turns; an open conversation gets the screen. */}
      <div className={cn('mb-6 flex flex-wrap items-center justify-between gap-3', selectedId && 'hidden lg:flex')}>
        <Button variant="outline" onClick={() => void list.refetch()} busy={list.isFetching}>
          <RefreshCw aria-hidden="true" className={list.isFetching ? 'animate-spin' : undefined} />
          Refresh
        </Button>
        <ConnectionHint />
      </div>
      <div className={cn('mb-6', selectedId && 'hidden lg:block')}>
        <MessageSearch onOpen={(conversationId, messageId) => select(conversationId, { messageId })} />
      </div>
      <div className={cn('mb-6 grid gap-4 lg:grid-cols-3', selectedId && 'hidden lg:grid')}>
        <StatCard label="Total Customers" value={data?.total_customers ?? '–'} icon={Users} />
        <StatCard label="Unread Messages" value={data?.unread_messages ?? '–'} icon={Mail} />
        <StatCard label="Active Conversations" value={data?.active_conversations ?? '–'} icon={MessageSquare} />
      </div>
      {/* From 1024 px: one screen high below the sticky header (4rem, and the main's padding); each column scrolls. */}
      <div
        ref={columns}
        className={cn(
          'grid scroll-mt-20 items-start gap-6 lg:h-[calc(100dvh-7rem)] lg:min-h-[32rem] lg:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)] lg:items-stretch',
          contextColumn &&
            'xl:grid-cols-[14rem_minmax(0,1fr)_16rem] xl:gap-4 2xl:grid-cols-[minmax(15rem,20rem)_minmax(0,1fr)_minmax(18rem,22rem)]',
        )}
      >
        <div className={cn('lg:min-h-0 lg:overflow-y-auto lg:pr-1', selectedId && 'hidden lg:block')}>
          <ConversationList
            data={data}
            loading={list.isPending}
            search={typed}
            onSearchChange={setTyped}
            selectedId={selectedId}
            onSelect={select}
            onPageChange={setPage}
            filter={filter}
            onFilterChange={(next) => setView(FILTER_PARAM, next)}
            sort={sort}
            onSortChange={(next) => setView(SORT_PARAM, next)}
            failed={list.isError}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
            viewerId={viewerId}
          />
        </div>
        {selectedId ? (
          <ConversationPane
            // Keyed by conversation alone: another search result in it moves the highlight, and keeps the draft.
            key={selectedId}
            conversationId={selectedId}
            onBack={() => select(null)}
            onListChanged={() => void refreshList()}
            onOpenConversation={(conversationId) => select(conversationId, { replace: true })}
            // With a side column the programme goes there: the thread and its reply box keep the pane's height.
            renderProgramme={contextColumn ? undefined : renderProgramme}
            renderComposer={renderComposer}
            focusMessageId={params.get(MESSAGE_PARAM)}
            viewerId={viewerId}
            renderContext={
              renderContext && !contextColumn
                ? (memberId) => <MemberContextDisclosure>{renderContext(memberId)}</MemberContextDisclosure>
                : undefined
            }
          />
        ) : (
          <p
            className={cn(
              'text-muted-foreground hidden min-h-64 place-items-center rounded-xl border border-dashed p-8 text-center lg:grid',
              contextColumn && 'xl:col-span-2',
            )}
          >
            Select a customer
          </p>
        )}
        {contextColumn && selectedId && (
          <MemberContextColumn
            key={selectedId}
            conversationId={selectedId}
            renderContext={renderContext}
            renderProgramme={renderProgramme}
          />
        )}
      </div>
    </>
  );
}
