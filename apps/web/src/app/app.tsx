import { BrowserRouter } from 'react-router';
import { RouterNavigation } from '@/lib/router-navigation';
import { AppProviders } from './app-providers';
import { AppRouter } from './router';
import { ScrollManager } from './scroll-manager';

export function App() {
  return (
    <BrowserRouter>
      <RouterNavigation>
        <ScrollManager />
        <AppProviders>
          <AppRouter />
        </AppProviders>
      </RouterNavigation>
    </BrowserRouter>
  );
}
