import {
  BookOpenText,
  CalendarCheck,
  MailWarning,
  Sprout,
  UserCheck,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AdminOverviewDto } from '@app/shared';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const count = (n: number) => n.toLocaleString('en-GB');

/** Answered of asked, as a percentage; a dash before any check-in was asked this week. */
const completion = (o: AdminOverviewDto) =>
  o.checkins_asked_this_week === 0
    ? '–'
    : `${Math.round((o.checkins_answered_this_week / o.checkins_asked_this_week) * 100)}%`;

const CARDS: {
  key: string;
  title: string;
  value(overview: AdminOverviewDto): string;
  note(overview: AdminOverviewDto | undefined): string;
  icon: LucideIcon;
}[] = [
  { key: 'users', title: 'Total Users', value: (o) => count(o.total_users), note: () => 'All members', icon: Users },
  {
    key: 'reflections',
    title: 'Reflections',
    value: (o) => count(o.reflections),
    note: () => 'Written by members',
    icon: BookOpenText,
  },
  {
    key: 'unread',
    title: 'Unread Messages',
    value: (o) => count(o.unread_messages),
    note: () => 'Waiting for a reply',
    icon: MailWarning,
  },
  {
    key: 'active',
    title: 'Active Users',
    value: (o) => count(o.active_users),
    note: () => 'Last 7 days',
    icon: UserCheck,
  },
  {
    key: 'signups',
    title: 'New Signups',
    value: (o) => count(o.new_signups),
    note: () => 'Last 7 days',
    icon: UserPlus,
  },
  {
    key: 'programmes',
    title: 'Active Programmes',
    value: (o) => count(o.active_programmes),
    note: () => 'Opted in and not paused',
    icon: Sprout,
  },
  {
    key: 'checkins',
    title: 'Check-in Completion',
    value: completion,
    note: (o) =>
      o
        ? `${count(o.checkins_answered_this_week)} of ${count(o.checkins_asked_this_week)} answered this week`
        : 'This week',
    icon: CalendarCheck,
  },
];

/** The stat cards of docs/product.md#admin-back-office, with the programme's two (decision 058). */
export function StatCards({ overview }: { overview: AdminOverviewDto | undefined }) {
  return (
    // Seven cards: the last spans two columns, so neither two nor four columns leave a hole.
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {CARDS.map(({ key, title, value, note, icon: Icon }) => (
        <li key={key} className="last:col-span-2">
          <Card className="h-full gap-2 py-4">
            <CardContent className="px-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-muted-foreground text-sm font-medium">{title}</h2>
                <Icon aria-hidden="true" className="text-primary size-4 shrink-0" />
              </div>
              {overview ? (
                <p className="mt-2 text-2xl font-semibold tabular-nums">{value(overview)}</p>
              ) : (
                <Skeleton className="mt-2 h-8 w-16" />
              )}
              <p className="text-muted-foreground mt-1 text-xs">{note(overview)}</p>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
