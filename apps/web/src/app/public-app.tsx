import type { ComponentType } from 'react';
import { NavigationProvider, type Navigation } from '@/lib/app-navigation';
import { PageProviders } from './providers';

interface PublicAppProps {
  Page: ComponentType;
  /** Plain links and page loads (documentNavigation), for the address the page is at. */
  navigation: Navigation;
}

/**
 * One marketing page without a router (decision 041): what the build pre-renders
 * for it and what public-main.tsx hydrates, so both render the same markup.
 */
export function PublicApp({ Page, navigation }: PublicAppProps) {
  return (
    <NavigationProvider value={navigation}>
      <PageProviders>
        <Page />
      </PageProviders>
    </NavigationProvider>
  );
}
