import { CalendarCheck, Lightbulb } from 'lucide-react';
import type { ProfileAnalyticsDto } from '@app/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

function StatCard({
  label,
  hint,
  value,
  icon: Icon,
}: {
  label: string;
  hint: string;
  value: number | null | undefined;
  icon: typeof Lightbulb;
}) {
  return (
    <Card className="py-5">
      <CardContent className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="bg-primary/10 text-primary flex size-11 shrink-0 items-center justify-center rounded-lg"
        >
          <Icon className="size-5" />
        </span>
        <div className="grid gap-0.5">
          <h2 className="text-sm font-medium">{label}</h2>
          {value === undefined ? (
            <Skeleton className="h-8 w-10" />
          ) : (
            <p className="text-3xl font-semibold tabular-nums">{value ?? '–'}</p>
          )}
          <p className="text-muted-foreground text-xs">{hint}</p>
        </div>
      </CardContent>
    </Card>
  );
}

/** The two stat cards of the profile (user-app §2). */
export function ProfileStats({ analytics, failed }: { analytics: ProfileAnalyticsDto | undefined; failed: boolean }) {
  const figure = (pick: (a: ProfileAnalyticsDto) => number) =>
    analytics ? pick(analytics) : failed ? null : undefined;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StatCard
        label="Reflections"
        hint="Strategic insights created"
        value={figure((a) => a.total_reflections)}
        icon={Lightbulb}
      />
      <StatCard
        label="Active Days"
        hint="Days with activity"
        value={figure((a) => a.active_days)}
        icon={CalendarCheck}
      />
    </div>
  );
}
