import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadPage } from '@/lib/navigation';
import { AuthProvider } from './auth-provider';
import { AuthScreen } from './auth-screen';

vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderAuthScreen({ googleSignIn }: { googleSignIn: boolean }, initialEntries = ['/auth']) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/auth/get-session') return json(null);
    if (url === '/api/config')
      return json({ google_sign_in: googleSignIn, whatsapp_number: '447700900000', local_mode: true });
    if (url === '/api/auth/sign-in/social') return json({ url: 'https://accounts.google.com/o/oauth2/auth?x=1' });
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
          <Routes>
            <Route path="/" element={<h1>Home page</h1>} />
            <Route path="/pricing" element={<h1>Pricing page</h1>} />
            <Route path="/auth" element={<AuthScreen />} />
          </Routes>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(loadPage).mockClear();
});

describe('AuthScreen', () => {
  it('offers Google sign-in when the server has it, and goes to Google’s page', async () => {
    const fetchMock = renderAuthScreen({ googleSignIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await vi.waitFor(() => expect(loadPage).toHaveBeenCalledWith('https://accounts.google.com/o/oauth2/auth?x=1'));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/sign-in/social')!;
    expect(JSON.parse(String(call[1]?.body))).toEqual({ provider: 'google', callbackURL: '/' });
  });

  it('hides Google sign-in when the server does not offer it', async () => {
    renderAuthScreen({ googleSignIn: false });
    await screen.findByRole('tab', { name: 'Sign In' });
    await vi.waitFor(() => expect(screen.queryByText('Welcome to Calm Space')).not.toBeNull());
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
  });

  it('goes home on Escape when /auth was the first page', async () => {
    renderAuthScreen({ googleSignIn: false });
    await screen.findByRole('tab', { name: 'Sign In' });
    await userEvent.keyboard('{Escape}');
    await screen.findByRole('heading', { name: 'Home page' });
  });
});
