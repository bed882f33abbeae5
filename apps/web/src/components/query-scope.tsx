import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { sharedQueryClient } from '@/lib/query-client';

/**
 * Gives its children the app's one query client. Only lazily loaded code renders
 * it (the screens that read or send data, the exit-intent popup), so TanStack
 * Query stays out of the marketing pages' first load (decision 037).
 */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}
