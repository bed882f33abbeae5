import { BookOpenText, MailWarning, UserCheck, UserPlus, Users, type LucideIcon } from 'lucide-react';
import type { AdminOverviewDto } from '@app/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const CARDS: { key: keyof AdminOverviewDto; title: string; note: string; icon: LucideIcon }[] = [
  { key: 'total_users', title: 'Total Users', note: 'All members', icon: Users },
  { key: 'reflections', title: 'Reflections', note: 'Written by members', icon: BookOpenText },
  { key: 'unread_messages', title: 'Unread Messages', note: 'Waiting for a reply', icon: MailWarning },
  { key: 'active_users', title: 'Active Users', note: 'Last 7 days', icon: UserCheck },
  { key: 'new_signups', title: 'New Signups', note: 'Last 7 days', icon: UserPlus },
];

/** The five stat cards of docs/product.md#admin-back-office. */
export function StatCards({ overview }: { overview: AdminOverviewDto | undefined }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      {CARDS.map(({ key, title, note, icon: Icon }) => (
        <li key={key} className="last:col-span-2 lg:last:col-span-1">
          <Card className="h-full gap-2 py-4">
            <CardContent className="px-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-muted-foreground text-sm font-medium">{title}</h2>
                <Icon aria-hidden="true" className="text-primary size-4 shrink-0" />
              </div>
              {overview ? (
                <p className="mt-2 text-2xl font-semibold tabular-nums">
                  {(overview[key] as number).toLocaleString('en-GB')}
                </p>
              ) : (
                <Skeleton className="mt-2 h-8 w-16" />
              )}
              <p className="text-muted-foreground mt-1 text-xs">{note}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
