import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { SkipLink } from '@/components/layouts/skip-link';
import { AuthProvider } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';
import { DeferredToaster } from './deferred-toaster';
import { MemberProvider } from './member/member-provider';
import { ErrorBoundary } from './error-boundary';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <MemberProvider>
            {/* First in every page (public, member, admin), so it is the first Tab stop. */}
            <SkipLink />
            {children}
            <DeferredToaster />
          </MemberProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
