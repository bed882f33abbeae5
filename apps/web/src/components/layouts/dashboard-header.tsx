import type { ReactNode } from 'react';
import { Home, LogOut } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import type { PlanBadge } from '@app/shared';
import { LogoMark } from '@/components/layouts/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

interface DashboardHeaderProps {
  /** Undefined while the profile loads. */
  planBadge: PlanBadge | undefined;
  userMenu: ReactNode;
  /** What waits for the member (the notifications' "new reply" link), before the menu. */
  notice?: ReactNode;
  /** Absent in the demo, which has no session to end. */
  onSignOut?: () => void;
  signingOut?: boolean;
}

export function DashboardHeader({ planBadge, userMenu, notice, onSignOut, signingOut }: DashboardHeaderProps) {
  return (
    <header className="bg-background/90 supports-[backdrop-filter]:bg-background/75 sticky top-0 z-30 border-b backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        <Button asChild variant="ghost" size="icon" className="sm:w-auto sm:px-3">
          <Link to="/">
            <Home aria-hidden="true" />
            <span className="sr-only sm:not-sr-only">Home</span>
          </Link>
        </Button>
        <div className="flex min-w-0 items-center gap-2">
          <LogoMark className="hidden size-7 sm:block" />
          <p className="truncate text-base font-semibold sm:text-lg">Calm Space</p>
          {planBadge ? (
            <Badge variant={planBadge === 'Free' ? 'secondary' : 'premium'}>{planBadge}</Badge>
          ) : (
            <Skeleton className="h-5 w-12 rounded-full" />
          )}
        </div>
        <div className="ml-auto flex items-center gap-2">
          {notice}
          {userMenu}
          {onSignOut && (
            <Button variant="ghost" onClick={onSignOut} busy={signingOut} className="px-2 sm:px-3">
              <LogOut aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{signingOut ? 'Signing Out...' : 'Sign Out'}</span>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
