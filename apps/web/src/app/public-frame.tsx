import { Suspense, type ComponentType, type ReactNode } from 'react';
import { PageStatus } from '@/components/layouts/page-status';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { mainContentProps } from '@/components/layouts/skip-link';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/features/auth';
import { Link } from '@/lib/app-navigation';
import { SIGN_UP_PATH, SIGN_UP_STATE } from '@/lib/sign-up-link';

/** 'Your Dashboard' for members, Sign In and Sign Up for everyone else (docs/product.md#public-site). */
function PublicActions() {
  const { user, loading } = useAuth();
  // Nothing rather than the wrong buttons while the session is being read.
  if (loading) return <span className="h-9 w-32" aria-hidden="true" />;
  if (user) {
    return (
      // data-member-nav: the page's calls to action turn to the member's by CSS (decision 065).
      <Button asChild size="sm" data-member-nav="">
        <Link to="/dashboard">Your Dashboard</Link>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" size="sm">
        <Link to="/auth">Sign In</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={SIGN_UP_PATH} state={SIGN_UP_STATE}>
          Sign Up
        </Link>
      </Button>
    </>
  );
}

/**
 * The frame shared by the marketing and legal pages: the SPA's layout route puts
 * its <Outlet> in it, the marketing pages' own entry the page (decision 041).
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader actions={<PublicActions />} />
      <main {...mainContentProps} className="flex-1">
        <Suspense fallback={<PageStatus>Loading...</PageStatus>}>{children}</Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}

/** A marketing or legal page inside the frame, for the marketing pages' entry (public-pages.ts). */
export function framedPage(Page: ComponentType): ComponentType {
  const FramedPage = () => (
    <PublicFrame>
      <Page />
    </PublicFrame>
  );
  return FramedPage;
}
