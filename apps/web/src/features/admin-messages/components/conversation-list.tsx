import { Search } from 'lucide-react';
import {
  coachFirstName,
  unreadBadgeText,
  type ConversationFilter,
  type ConversationListDto,
  type ConversationSort,
  type ConversationSummaryDto,
} from '@app/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useMinuteTick } from '@/lib/realtime/use-minute-tick';
import { relativeTime } from '@/lib/relative-time';
import { RelativeTime } from '@/components/relative-time';
import { CoachStateBadge } from './coach-state-badge';
import { creditsLine, initials, PlanHeldBadge } from './tier-badge';

interface ConversationListProps {
  data: ConversationListDto | undefined;
  loading: boolean;
  search: string;
  onSearchChange(value: string): void;
  selectedId: string | null;
  /** A conversation's id (decision 052): a member's, or a contact's with no member. */
  onSelect(conversationId: string): void;
  onPageChange(page: number): void;
  /** Whose conversations (decision 061): the viewer's, nobody's, or all. */
  filter: ConversationFilter;
  onFilterChange(filter: ConversationFilter): void;
  sort: ConversationSort;
  onSortChange(sort: ConversationSort): void;
  /** The list could not be loaded (at first, or on its latest refresh). */
  failed: boolean;
  onRetry(): void;
  retrying: boolean;
  /** The admin looking: their own replies are "You" in the preview, a colleague's are named. */
  viewerId?: string;
}

const FILTER_LABELS: Record<ConversationFilter, string> = { mine: 'Mine', unassigned: 'Unassigned', all: 'All' };
const FILTER_ORDER: ConversationFilter[] = ['mine', 'unassigned', 'all'];

/** "waiting 3h": how long the person has waited for an answer. */
function waitingText(since: string, now: Date | number): string {
  const age = relativeTime(since, now, { ago: false });
  return age === 'just now' ? 'waiting, just now' : `waiting ${age}`;
}

/** What an empty list means depends on what was asked: a search or filter that matches nobody is not an empty inbox. */
function emptyText(search: string, filter: ConversationFilter): string {
  if (search.trim() !== '') return `No conversations match “${search.trim()}”`;
  if (filter === 'mine') return 'No conversations are assigned to you';
  if (filter === 'unassigned') return 'Every conversation is assigned';
  return 'No conversations yet';
}

/**
 * The searchable customer list (docs/product.md#on-screen), in the server's order: a conversation
 * in crisis first (decision 057), then by unread count, then latest message.
 */
/**
 * Whose words the preview shows: the viewer's own reply is "You", a colleague's
 * is named by first name (decision 061), the AI's is labelled, a note and the
 * person's need no prefix.
 */
function lastMessagePrefix(item: ConversationSummaryDto, viewerId: string | undefined): string {
  if (item.last_message_author === 'automation') return 'AI coach: ';
  if (item.last_message_author !== 'coach') return '';
  const coach = item.last_message_coach;
  if (!coach || coach.id === viewerId) return 'You: ';
  return `${coachFirstName(coach.name) ?? 'Coach'}: `;
}

export function ConversationList({
  data,
  loading,
  search,
  onSearchChange,
  selectedId,
  onSelect,
  onPageChange,
  filter,
  onFilterChange,
  sort,
  onSortChange,
  failed,
  onRetry,
  retrying,
  viewerId,
}: ConversationListProps) {
  const now = useMinuteTick();
  return (
    <section aria-label="Customers" className="grid content-start gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div role="group" aria-label="Show conversations" className="bg-muted inline-flex rounded-lg p-1">
          {FILTER_ORDER.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={filter === value}
              onClick={() => onFilterChange(value)}
              className={cn(
                'focus-visible:ring-ring/50 rounded-md px-3 py-1 text-sm font-medium outline-none focus-visible:ring-[3px]',
                filter === value ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {FILTER_LABELS[value]}
            </button>
          ))}
        </div>
        <label className="text-muted-foreground flex items-center gap-2 text-sm">
          Sort
          <select
            value={sort}
            onChange={(event) => onSortChange(event.target.value as ConversationSort)}
            className="border-input bg-background text-foreground focus-visible:ring-ring/50 h-8 rounded-md border px-2 text-sm outline-none focus-visible:ring-[3px]"
          >
            <option value="unread">Unread first</option>
            <option value="waiting">Waiting longest</option>
          </select>
        </label>
      </div>
      <div className="relative">
        <Search aria-hidden="true" className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" />
        <Input
          type="search"
          aria-label="Search customers"
          placeholder="Search customers..."
          className="pl-9"
          value={search}
          maxLength={200}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      {failed && (
        <div
          role="alert"
          className="grid justify-items-start gap-2 rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900"
        >
          <p>
            {data
              ? 'The list could not be refreshed: it may be out of date.'
              : 'The conversations could not be loaded.'}
          </p>
          <Button variant="outline" size="sm" onClick={onRetry} busy={retrying}>
            Try again
          </Button>
        </div>
      )}
      {loading && !data ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2 p-4 text-sm">
          <Spinner /> Loading conversations...
        </p>
      ) : !data ? null : data.items.length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed p-8 text-center text-sm">
          {emptyText(search, filter)}
        </p>
      ) : (
        <>
          <ul className="grid gap-1" aria-label="Conversations">
            {data.items.map((item) => {
              const selected = item.conversation_id === selectedId;
              return (
                <li key={item.conversation_id}>
                  <button
                    type="button"
                    onClick={() => onSelect(item.conversation_id)}
                    aria-current={selected ? 'true' : undefined}
                    className={cn(
                      'hover:bg-muted focus-visible:ring-ring/50 grid w-full grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-3 rounded-lg border border-transparent p-3 text-left outline-none focus-visible:ring-[3px]',
                      selected && 'bg-muted border-border',
                      item.coach_state === 'crisis' && 'border-rose-200',
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className="bg-primary/10 text-primary grid size-10 place-items-center rounded-full text-sm font-semibold"
                    >
                      {initials(item.customer_name)}
                    </span>
                    {/* overflow-hidden: a long name stops at its column, never under the time. */}
                    <span className="grid min-w-0 gap-1 overflow-hidden">
                      <span className="flex flex-wrap items-center gap-2">
                        <span className="max-w-full min-w-0 truncate font-medium">{item.customer_name}</span>
                        <CoachStateBadge item={item} />
                        {item.customer_plan && <PlanHeldBadge plan={item.customer_plan} />}
                      </span>
                      {/* A contact who is no member yet has no credits. */}
                      {item.customer_credits !== null && (
                        <span className="text-muted-foreground text-xs">{creditsLine(item.customer_credits)}</span>
                      )}
                      <span className="text-muted-foreground truncate text-sm">
                        {lastMessagePrefix(item, viewerId)}
                        {item.last_message}
                      </span>
                      <span className="text-muted-foreground truncate text-xs" data-assignee>
                        {item.assignee ? `Assigned to ${item.assignee.name}` : 'Unassigned'}
                        {sort === 'waiting' && item.waiting_since && <> · {waitingText(item.waiting_since, now)}</>}
                      </span>
                    </span>
                    <span className="grid justify-items-end gap-1">
                      <RelativeTime
                        value={item.last_message_at}
                        className="text-muted-foreground text-xs whitespace-nowrap"
                      />
                      {item.unread_count > 0 && (
                        <span
                          data-unread-badge
                          className="bg-primary text-primary-foreground rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums"
                        >
                          {unreadBadgeText(item.unread_count)}
                          <span className="sr-only"> unread</span>
                        </span>
                      )}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
          <Pager
            page={data.page}
            pageSize={data.page_size}
            total={data.total}
            onPageChange={onPageChange}
            label="conversations"
          />
        </>
      )}
    </section>
  );
}
