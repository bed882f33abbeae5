import { useEffect, type ReactNode } from 'react';
import { SkipLink } from '@/components/layouts/skip-link';
import { AuthProvider } from '@/features/auth';
import { DeferredToaster } from './deferred-toaster';
import { ErrorBoundary } from './error-boundary';

/**
 * What every page has: the marketing pages' own entry (public-app.tsx, decision 041)
 * and the SPA alike. No query client here: the routes that use queries bring it
 * (routes/query-layout.tsx, decision 037). The SPA adds its own (app-providers.tsx).
 */
export function PageProviders({ children }: { children: ReactNode }) {
  // Marks the page live once the first commit's effects have all run (a parent's run
  // after its children's). Hydration yields as it goes (decision 045), so React's
  // first marks on the DOM come before the page's listeners are in place; tests
  // wait for this one (e2e/support/hydration.ts), as a person's first key comes after.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <ErrorBoundary>
      <AuthProvider>
        {/* First in every page (public, member, admin), so it is the first Tab stop. */}
        <SkipLink />
        {children}
        <DeferredToaster />
      </AuthProvider>
    </ErrorBoundary>
  );
}
