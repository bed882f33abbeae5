import { useEffect, useId, useState, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, LayoutGrid, Rows3, Search, ShieldCheck, User, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { AdminUserDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminUsers } from '../api/get-users';
import { useUserActions } from '../api/user-actions';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { UserCard } from './user-card';
import { NO_FILTERS, UserFiltersBar, type UserFilters } from './user-filters';
import { UsersTable } from './users-table';

function Counter({ label, value, icon: Icon }: { label: string; value: number | undefined; icon: typeof Users }) {
  return (
    <Card className="gap-0 py-4">
      <CardContent className="flex items-center justify-between gap-3 px-4">
        <div>
          <h2 className="text-muted-foreground text-sm font-medium">{label}</h2>
          {value === undefined ? (
            <Skeleton className="mt-1 h-7 w-12" />
          ) : (
            <p className="text-2xl font-semibold tabular-nums">{value.toLocaleString('en-GB')}</p>
          )}
        </div>
        <Icon aria-hidden="true" className="text-primary size-5" />
      </CardContent>
    </Card>
  );
}

function SkeletonCards() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" role="status" aria-label="Loading users">
      {Array.from({ length: 4 }, (_, i) => (
        <Card key={i} className="gap-3 p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-8 w-full" />
        </Card>
      ))}
    </div>
  );
}

/**
 * The admin Users screen (docs/product.md#admin-back-office): counters, search by name
 * or email and server-side paging (the list stays fast with many members),
 * and a card per member. `renderExtraActions` adds page-level controls to
 * each card (the change history); `renderProgramme` the member's programme
 * (their step, check-ins and last summary); `renderNotes` the team's notes on them.
 * Filters by plan, status and last activity, and a compact table view (decision 060).
 * A link may carry the search (`?q=`): the panel beside a conversation opens its member's card so.
 */
export function UsersScreen({
  currentUserId,
  renderExtraActions,
  renderProgramme,
  renderNotes,
}: {
  /** The signed-in admin, whose own card offers no Deactivate. */
  currentUserId: string | undefined;
  renderExtraActions?: (user: AdminUserDto) => ReactNode;
  renderProgramme?: (user: AdminUserDto) => ReactNode;
  renderNotes?: (user: AdminUserDto) => ReactNode;
}) {
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<UserFilters>(NO_FILTERS);
  const [view, setView] = useState<'cards' | 'table'>('cards');
  const q = useDebouncedValue(search.trim(), 300);
  const users = useAdminUsers({ q, page, ...filters });
  const actions = useUserActions();
  const searchId = useId();

  useEffect(() => {
    if (users.isError) toast.error('Error', { description: 'Failed to fetch users' });
  }, [users.isError]);

  const data = users.data;
  const filtered = filters.plan !== 'all' || filters.status !== 'all' || filters.activity !== 'all';
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-3 sm:grid-cols-3">
        <Counter label="Total Users" value={data?.counts.total_users} icon={Users} />
        <Counter label="Admin Users" value={data?.counts.admin_users} icon={ShieldCheck} />
        <Counter label="Regular Users" value={data?.counts.regular_users} icon={User} />
      </div>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="relative w-full max-w-md">
          <label htmlFor={searchId} className="sr-only">
            Search users by name or email
          </label>
          <Search
            aria-hidden="true"
            className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2"
          />
          <Input
            id={searchId}
            type="search"
            placeholder="Search by name or email..."
            className="pl-9"
            value={search}
            maxLength={100}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
          />
        </div>
        <div role="group" aria-label="Show users as" className="flex gap-1">
          <Button
            variant={view === 'cards' ? 'default' : 'outline'}
            size="sm"
            aria-pressed={view === 'cards'}
            onClick={() => setView('cards')}
          >
            <LayoutGrid aria-hidden="true" />
            Cards
          </Button>
          <Button
            variant={view === 'table' ? 'default' : 'outline'}
            size="sm"
            aria-pressed={view === 'table'}
            onClick={() => setView('table')}
          >
            <Rows3 aria-hidden="true" />
            Table
          </Button>
        </div>
      </div>
      <UserFiltersBar
        value={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />

      {!data ? (
        users.isError ? (
          <p className="text-muted-foreground">Failed to fetch users</p>
        ) : (
          <SkeletonCards />
        )
      ) : data.users.length === 0 ? (
        <Card className="items-center py-12 text-center">
          <Users aria-hidden="true" className="text-muted-foreground size-10" />
          <h2 className="text-lg font-semibold">No users found</h2>
          <p className="text-muted-foreground max-w-sm text-sm">
            {q
              ? `No member matches “${q}”${filtered ? ' with these filters' : ''}.`
              : filtered
                ? 'No member matches these filters.'
                : 'Users will appear here once they sign up.'}
          </p>
        </Card>
      ) : (
        <>
          <p className="text-muted-foreground text-sm" aria-live="polite">
            {q || filtered
              ? `${data.total.toLocaleString('en-GB')} matching${q ? ` “${q}”` : ''}${filtered ? `${q ? ' and' : ''} the filters` : ''}`
              : `${data.total.toLocaleString('en-GB')} members, newest first`}
          </p>
          {view === 'table' ? (
            <div aria-busy={users.isFetching}>
              <UsersTable users={data.users} />
            </div>
          ) : (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-busy={users.isFetching}>
              {data.users.map((user) => (
                <UserCard
                  key={user.id}
                  user={user}
                  isSelf={user.id === currentUserId}
                  isLastAdmin={user.roles.includes('admin') && data.counts.admin_users <= 1}
                  actions={actions}
                  extraActions={renderExtraActions?.(user)}
                  programme={renderProgramme?.(user)}
                  notes={renderNotes?.(user)}
                />
              ))}
            </div>
          )}
          {pages > 1 && (
            <nav aria-label="Pages" className="flex items-center justify-between gap-2">
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <p className="text-muted-foreground text-sm">
                Page {data.page} of {pages.toLocaleString('en-GB')}
              </p>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
