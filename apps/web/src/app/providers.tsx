import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
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
            {children}
            <DeferredToaster />
          </MemberProvider>
        </AuthProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
