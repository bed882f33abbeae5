import { useId, useState, type FormEvent } from 'react';
import { ChevronLeft, ChevronRight, Search, X } from 'lucide-react';
import { MESSAGE_SEARCH_MAX_LENGTH, MESSAGE_SEARCH_MAX_PAGE, type MessageSearchResultDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api';
import { useMessageSearch } from '../api/message-search';

const AUTHOR_LABELS: Record<MessageSearchResultDto['author'], string> = {
  member: 'From them',
  coach: 'Coach',
  automation: 'AI coach',
  system: 'System',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Search across every conversation's messages (decision 062): the words are
 * searched when the form is sent (Enter), best match first, 20 a page; a
 * result opens its conversation at that message.
 */
export function MessageSearch({ onOpen }: { onOpen(conversationId: string, messageId: string): void }) {
  const inputId = useId();
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const search = useMessageSearch(query, page);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(typed.trim());
    setPage(1);
  };
  const clear = () => {
    setTyped('');
    setQuery('');
    setPage(1);
  };

  const data = search.data;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="sr-only">
        Search messages
      </h2>
      <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="grid min-w-0 flex-[1_1_16rem] gap-1.5">
          <Label htmlFor={inputId}>Search all messages</Label>
          <Input
            id={inputId}
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            maxLength={MESSAGE_SEARCH_MAX_LENGTH}
            placeholder='Words, "a phrase", or -leave-out'
            autoComplete="off"
          />
        </div>
        <Button type="submit" busy={search.isFetching}>
          <Search aria-hidden="true" />
          Search
        </Button>
        {query !== '' && (
          <Button type="button" variant="ghost" onClick={clear}>
            <X aria-hidden="true" />
            Clear
          </Button>
        )}
      </form>
      {query !== '' && (
        <Card className="gap-0 py-0">
          <CardContent className="px-0">
            <p className="text-muted-foreground border-b px-4 py-2 text-sm" role="status">
              {search.isPending ? (
                <span className="flex items-center gap-2">
                  <Spinner /> Searching...
                </span>
              ) : search.isError ? (
                serverMessageOr(search.error, 'The search failed. Please try again.')
              ) : data && data.results.length === 0 ? (
                page === 1 ? (
                  `No messages match “${query}”.`
                ) : (
                  'No more results.'
                )
              ) : (
                `Results for “${query}”, best match first${page > 1 ? `, page ${page}` : ''}`
              )}
            </p>
            {data && data.results.length > 0 && (
              // The padding leaves the one focus indicator (index.css), drawn outside a row, room inside the scrolling box.
              <ol className="max-h-96 divide-y overflow-y-auto p-1" aria-label={`Messages matching ${query}`}>
                {data.results.map((result) => (
                  <li key={result.message_id}>
                    <button
                      type="button"
                      onClick={() => onOpen(result.conversation_id, result.message_id)}
                      className="hover:bg-muted grid w-full gap-1 rounded-md px-3 py-3 text-left"
                    >
                      <span className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                        <span className="font-medium">{result.customer_name}</span>
                        <span className="text-muted-foreground text-xs">
                          {AUTHOR_LABELS[result.author]} · {dateFormat.format(new Date(result.created_at))}
                        </span>
                      </span>
                      <span className="text-sm leading-snug break-words">
                        {result.snippet.map((part, i) =>
                          part.match ? (
                            <mark key={i} className="bg-primary/15 text-foreground rounded-sm px-0.5">
                              {part.text}
                            </mark>
                          ) : (
                            <span key={i}>{part.text}</span>
                          ),
                        )}
                      </span>
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {data && (page > 1 || data.has_more) && (
              <nav aria-label="Pages of search results" className="flex justify-between gap-2 border-t px-4 py-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  <ChevronLeft aria-hidden="true" />
                  Previous
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={!data.has_more || page >= MESSAGE_SEARCH_MAX_PAGE}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                  <ChevronRight aria-hidden="true" />
                </Button>
              </nav>
            )}
          </CardContent>
        </Card>
      )}
    </section>
  );
}
