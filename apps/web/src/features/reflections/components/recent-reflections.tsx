import type { ReflectionDto } from '@app/shared';
import { RelativeTime } from '@/components/relative-time';
import { EmptyState } from '@/components/empty-state';
import { Skeleton } from '@/components/ui/skeleton';

/** The five latest reflections with their prompt and a relative date. */
export function RecentReflections({
  reflections,
  failed,
}: {
  reflections: ReflectionDto[] | undefined;
  failed: boolean;
}) {
  if (failed) return <p className="text-muted-foreground text-sm">We couldn&apos;t load your reflections just now.</p>;
  if (!reflections) {
    return (
      <div className="grid gap-2" aria-hidden="true">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  }
  if (reflections.length === 0) {
    return (
      <EmptyState art="empty-reflections">
        No reflections yet. A few honest lines are a lovely place to start.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3">
      {reflections.map((r) => (
        <li key={r.id} className="bg-muted/50 grid gap-1 rounded-lg border p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs">
            <span className="font-medium">{r.strategic_prompt_title ?? 'Free reflection'}</span>
            <RelativeTime value={r.created_at} className="text-muted-foreground" />
          </div>
          <p className="line-clamp-3 text-sm leading-relaxed break-words whitespace-pre-line">{r.reflection_text}</p>
        </li>
      ))}
    </ul>
  );
}
