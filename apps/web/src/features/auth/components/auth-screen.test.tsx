import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RouterNavigation } from '@/lib/router-navigation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LOCKED_CODE, WEAK_PASSWORD_CODE, signInLockedMessage } from '@app/shared';
import { forgetAppConfig } from '@/lib/app-config';
import { loadPage } from '@/lib/navigation';
import { AuthProvider } from './auth-provider';
import { AuthScreen } from './auth-screen';

vi.mock('@/lib/navigation', () => ({ loadPage: vi.fn() }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Api = (url: string, init?: RequestInit) => Response | undefined;

function renderAuthScreen({ googleSignIn, api }: { googleSignIn: boolean; api?: Api }, initialEntries = ['/auth']) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const answer = api?.(url, init);
    if (answer) return answer;
    if (url === '/api/auth/get-session') return json(null);
    if (url === '/api/config')
      return json({ google_sign_in: googleSignIn, whatsapp_number: '447700900000', local_mode: true });
    if (url === '/api/auth/sign-in/social') return json({ url: 'https://accounts.google.com/o/oauth2/auth?x=1' });
    // The same answer for a new and a taken address, and no session (decision 009).
    if (url === '/api/auth/sign-up/email') {
      return json({ token: null, user: { id: 'x', email: 'sam@example.com', name: 'Sam', emailVerified: false } });
    }
    return json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
          <RouterNavigation>
            <Routes>
              <Route path="/" element={<h1>Home page</h1>} />
              <Route path="/pricing" element={<h1>Pricing page</h1>} />
              <Route path="/auth" element={<AuthScreen />} />
              <Route path="/onboarding" element={<h1>Onboarding page</h1>} />
            </Routes>
          </RouterNavigation>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The deployment's config is read once per page life: each test's server answers afresh.
  forgetAppConfig();
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

  it('tabs from the email to the password, then past it to "Forgot password?" (beside the label, after in order)', async () => {
    renderAuthScreen({ googleSignIn: false });
    const email = await screen.findByLabelText('Email');
    email.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Show password' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Forgot password?' }));
  });

  it('goes home on Escape when /auth was the first page', async () => {
    renderAuthScreen({ googleSignIn: false });
    await screen.findByRole('tab', { name: 'Sign In' });
    await userEvent.keyboard('{Escape}');
    await screen.findByRole('heading', { name: 'Home page' });
  });

  it('after a sign-up, says to check the mail and stays put, whether or not the address was taken', async () => {
    const fetchMock = renderAuthScreen({ googleSignIn: false }, ['/auth']);
    await userEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sam Steady');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'steady-breath-8');
    // Not sent until the person confirms their age.
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Please confirm you are 18 or over.')).toBeTruthy();
    const ageBox = screen.getByRole('checkbox', { name: 'I confirm I am 18 or over' });
    await waitFor(() => expect(document.activeElement).toBe(ageBox));
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/sign-up/email')).toBe(false);
    await userEvent.click(ageBox);
    expect(screen.queryByText('Please confirm you are 18 or over.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));

    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Check your email to continue');
    expect(notice.textContent).toContain('sam@example.com');
    expect(notice.textContent).toContain('If you already have an account with this address');
    // Focus moves to the notice in an effect after it renders.
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(screen.queryByRole('heading', { name: 'Onboarding page' })).toBeNull();
    const signUp = fetchMock.mock.calls.find(([url]) => String(url) === '/api/auth/sign-up/email')!;
    expect(JSON.parse(String(signUp[1]?.body))).toEqual({
      name: 'Sam Steady',
      email: 'sam@example.com',
      password: 'steady-breath-8',
      ageConfirmed: true,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Sign in instead' }));
    expect(screen.getByRole('tab', { name: 'Sign In' }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers a reset of the password from the check-your-email screen, with the address filled in', async () => {
    renderAuthScreen({ googleSignIn: false }, ['/auth']);
    await userEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sam Steady');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password', { exact: true }), 'steady-breath-8');
    await userEvent.click(screen.getByRole('checkbox', { name: 'I confirm I am 18 or over' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reset your password' }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('sam@example.com');
  });
});

describe('sign-in lock', () => {
  const LOCKED = signInLockedMessage(15);

  it('says the account is locked, and keeps saying it with a way to reset', async () => {
    renderAuthScreen({
      googleSignIn: false,
      api: (url) =>
        url === '/api/auth/sign-in/email' ? json({ message: LOCKED, code: SIGN_IN_LOCKED_CODE }, 429) : undefined,
    });
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'right-password-9');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(LOCKED);
    await userEvent.click(screen.getByRole('button', { name: 'Reset your password' }));
    await screen.findByRole('heading', { name: 'Reset your password' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
  });

  it('opens the reset form from the link in the lock mail (/auth?reset)', async () => {
    renderAuthScreen({ googleSignIn: false }, ['/auth?reset']);
    await screen.findByRole('heading', { name: 'Reset your password' });
  });
});

// Focusing the password field loads the strength estimator, which takes a while on a busy machine.
describe('new password strength on sign-up', { timeout: 20_000 }, () => {
  const fill = async (password: string) => {
    await userEvent.click(await screen.findByRole('tab', { name: 'Sign Up' }));
    await userEvent.type(screen.getByLabelText('Full Name'), 'Nia Okafor');
    await userEvent.type(screen.getByLabelText('Email'), 'nia.okafor@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), password);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I confirm I am 18 or over' }));
  };

  it('tells why a password is easy to guess while typing, and does not send it', async () => {
    const fetchMock = renderAuthScreen({ googleSignIn: false });
    await fill('NiaOkafor1!');
    await screen.findByText(
      /^Password is too easy to guess\. It contains your name, your email/,
      {},
      { timeout: 10_000 },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('Password', { selector: 'input' }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/auth/sign-up/email')).toBe(false);
  });

  it('shows the server’s reason under the field when the server refuses it', async () => {
    const reason = 'Password is too easy to guess. This is a commonly used password.';
    renderAuthScreen({
      googleSignIn: false,
      api: (url) =>
        url === '/api/auth/sign-up/email' ? json({ message: reason, code: WEAK_PASSWORD_CODE }, 400) : undefined,
    });
    // Strong by the browser's hint, refused by the server: the server decides.
    await fill('tulip-anvil-orbit');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await screen.findByText(reason, { selector: 'p' }, { timeout: 10_000 });
  });
});
