import { format } from 'date-fns';
import type { FocusAreaDto } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { initials } from '@/lib/display-name';
import { focusAreaClasses, focusAreaIcon } from '../lib/focus-area-style';

interface ProfileBannerProps {
  name: string;
  memberSince: string;
  focusArea: FocusAreaDto | undefined;
}

/** Name, 'Member since' month and year, and the focus-area badge (user-app §2). */
export function ProfileBanner({ name, memberSince, focusArea }: ProfileBannerProps) {
  const Icon = focusAreaIcon(focusArea?.icon_name);
  const since = new Date(memberSince);
  return (
    <section className="bg-linear-to-br from-teal-700 to-teal-900 flex flex-col gap-4 rounded-2xl p-6 text-white shadow-sm sm:flex-row sm:items-center sm:p-8">
      <span
        aria-hidden="true"
        className="flex size-16 shrink-0 items-center justify-center rounded-full bg-white/15 text-xl font-semibold"
      >
        {initials(name)}
      </span>
      <div className="grid min-w-0 gap-2">
        <h1 className="truncate text-2xl font-semibold tracking-tight sm:text-3xl">{name}</h1>
        {!Number.isNaN(since.getTime()) && <p className="text-teal-50">Member since {format(since, 'MMMM yyyy')}</p>}
        {focusArea ? (
          <Badge
            variant="outline"
            className={cn('gap-1.5 px-3 py-1 text-sm', focusAreaClasses(focusArea.color_classes))}
          >
            <Icon aria-hidden="true" />
            {focusArea.label}
          </Badge>
        ) : (
          <Badge variant="outline" className="border-white/40 px-3 py-1 text-sm text-white">
            No focus area selected
          </Badge>
        )}
      </div>
    </section>
  );
}
