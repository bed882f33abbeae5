import { useEffect } from 'react';
import { Home } from 'lucide-react';
import { Link, useLocation } from '@/lib/app-navigation';
import { Logo } from '@/components/layouts/logo';
import { Button } from '@/components/ui/button';
import { PageHead } from '@/components/layouts/page-head';
import { mainContentProps } from '@/components/layouts/skip-link';

export default function NotFoundPage() {
  const location = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);

  return (
    <main
      {...mainContentProps}
      className="flex min-h-dvh flex-col items-center justify-center bg-linear-to-br from-panel-dawn/60 via-background to-panel-sage/70 px-4 text-center"
    >
      <PageHead
        title="Page not found"
        description="The page you were looking for is not on Calm Space. Return to the home page to find your way."
        path={location.pathname}
        noIndex
      />
      <Logo className="mb-10" />
      <p aria-hidden="true" className="text-primary/80 text-7xl font-semibold tracking-tight sm:text-8xl">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">Oops! Page not found</h1>
      <p className="text-muted-foreground mt-3 max-w-md">
        The page you were looking for isn&apos;t here. Take a breath — the way home is just below.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </main>
  );
}
