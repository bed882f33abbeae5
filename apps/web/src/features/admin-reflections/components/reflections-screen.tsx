import { useEffect, useState } from 'react';
import { format } from 'date-fns';
import { Search } from 'lucide-react';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api';
import { useAdminReflections } from '../api/admin-reflections';

/** Typing settles for this long before the list is searched, so each keystroke is not a request. */
const SEARCH_SETTLE_MS = 300;

/** Reflections (docs/product.md#admin-back-office): every member's reflections, newest first, searchable and paged. */
export function ReflectionsScreen() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const reflections = useAdminReflections(search, page);

  useEffect(() => {
    const settled = setTimeout(() => {
      setSearch(typed.trim());
      setPage(1);
    }, SEARCH_SETTLE_MS);
    return () => clearTimeout(settled);
  }, [typed]);

  const data = reflections.data;
  return (
    <>
      <AdminPageHeader
        title="Reflections"
        description="Members’ written reflections on their strategic prompts, newest first."
      />

      <div className="relative mb-6 max-w-md">
        <Search aria-hidden="true" className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" />
        <Input
          type="search"
          aria-label="Search reflections"
          placeholder="Search by member, prompt or text..."
          className="pl-9"
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>

      {reflections.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2">
          <Spinner /> Loading reflections...
        </p>
      ) : reflections.isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-destructive">{serverMessageOr(reflections.error, 'Failed to load reflections.')}</p>
          <Button variant="outline" onClick={() => void reflections.refetch()}>
            Try again
          </Button>
        </div>
      ) : data!.items.length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed p-8 text-center">
          {search ? `No reflections match “${search}”` : 'No reflections yet'}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground mb-3 text-sm" role="status">
            {data!.total} {data!.total === 1 ? 'reflection' : 'reflections'}
            {search && <> matching “{search}”</>}
          </p>
          <ul className="grid gap-4" aria-label="Reflections" aria-busy={reflections.isFetching}>
            {data!.items.map((reflection) => (
              <li key={reflection.id}>
                <Card className="gap-3 py-5">
                  <CardContent className="grid gap-2 px-5">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <h2 className="font-semibold">{reflection.user_name?.trim() || 'Anonymous User'}</h2>
                      <time dateTime={reflection.created_at} className="text-muted-foreground text-sm">
                        {format(new Date(reflection.created_at), 'd MMM yyyy, HH:mm')}
                      </time>
                    </div>
                    <p className="text-primary text-sm font-medium">
                      {reflection.strategic_prompt_title ?? (
                        <span className="text-muted-foreground font-normal italic">No prompt</span>
                      )}
                    </p>
                    <p className="text-sm whitespace-pre-wrap break-words">{reflection.reflection_text}</p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <Pager
            page={data!.page}
            pageSize={data!.page_size}
            total={data!.total}
            onPageChange={setPage}
            label="reflections"
          />
        </>
      )}
    </>
  );
}
