import { BrowserRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRouter } from './router';
import { ScrollManager } from './scroll-manager';

export function App() {
  return (
    <BrowserRouter>
      <ScrollManager />
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </BrowserRouter>
  );
}
