import type { ReactNode } from 'react';
import { ArrowLeft } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import type { PlanBadge } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Back to the dashboard, and the plan badge (docs/product.md#profile); `notice`: what waits for the member. */
export function ProfileHeader({ planBadge, notice }: { planBadge: PlanBadge | undefined; notice?: ReactNode }) {
  return (
    <header className="bg-background/90 supports-[backdrop-filter]:bg-background/75 sticky top-0 z-30 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-3 px-4 sm:px-6">
        <Button asChild variant="ghost" className="-ml-2 px-2">
          <Link to="/dashboard">
            <ArrowLeft aria-hidden="true" />
            Back to Dashboard
          </Link>
        </Button>
        <div className="flex items-center gap-2">
          {notice}
          {planBadge ? (
            <Badge variant={planBadge === 'Free' ? 'secondary' : 'premium'}>{planBadge}</Badge>
          ) : (
            <Skeleton className="h-5 w-12 rounded-full" />
          )}
        </div>
      </div>
    </header>
  );
}
