import type { ReactNode } from 'react';
import { SkipLink } from '@/components/layouts/skip-link';
import { AuthProvider } from '@/features/auth';
import { DeferredToaster } from './deferred-toaster';
import { MemberProvider } from './member/member-provider';
import { ErrorBoundary } from './error-boundary';

/** No query client here: the routes that use queries bring it (routes/query-layout.tsx, decision 037). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <AuthProvider>
        <MemberProvider>
          {/* First in every page (public, member, admin), so it is the first Tab stop. */}
          <SkipLink />
          {children}
          <DeferredToaster />
        </MemberProvider>
      </AuthProvider>
    </ErrorBoundary>
  );
}
