import type { ReactNode } from 'react';
import { MemberProvider } from './member/member-provider';
import { PageProviders } from './providers';

/**
 * The SPA's providers: those of every page, and the member screens' choice of whose
 * data they show (demo or signed in). A module of its own, so the marketing pages'
 * entry (decision 041) never downloads the member code.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PageProviders>
      <MemberProvider>{children}</MemberProvider>
    </PageProviders>
  );
}
