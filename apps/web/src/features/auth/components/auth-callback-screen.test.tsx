import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { RouterNavigation } from '@/lib/router-navigation';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthCallbackScreen } from './auth-callback-screen';
import { AuthProvider } from './auth-provider';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A signed-out visitor; verify-email answers as given, and a reset link is usable unless told otherwise. */
function installFetch(verify: () => Response, { resetUsable = true } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/api/auth/get-session') return json(null);
      if (url.startsWith('/api/auth/verify-email')) return verify();
      if (url.endsWith('/api/password-reset/check')) return json({ usable: resetUsable });
      if (url === '/api/auth/request-password-reset' || url === '/api/auth/send-verification-email') {
        return json({ status: true });
      }
      return json({ error: 'Not found' }, 404);
    }),
  );
}

/** The JSON body of the call made to `path`. */
function bodySentTo(path: string): unknown {
  const call = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith(path));
  return call && JSON.parse(String(call[1]?.body));
}

function openLink(address: string) {
  window.history.replaceState(null, '', address);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <MemoryRouter initialEntries={['/auth/callback']}>
          <RouterNavigation>
            <Routes>
              <Route path="/auth/callback" element={<AuthCallbackScreen />} />
              <Route path="/auth" element={<p>Sign-in page</p>} />
            </Routes>
          </RouterNavigation>
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
}

beforeEach(() => installFetch(() => json({ status: true, user: null })));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

describe('AuthCallbackScreen', () => {
  it('shows the error description with the fallback advice, and wipes the fragment', async () => {
    const user = userEvent.setup();
    openLink('/auth/callback#error=access_denied&error_description=Email+link+is+invalid+or+has+expired');
    await screen.findByText('Email link is invalid or has expired');
    expect(
      screen.queryByText('The verification link may be expired or invalid. Please request a new one.'),
    ).not.toBeNull();
    expect(window.location.hash).toBe('');
    await user.click(screen.getByRole('button', { name: 'Return to Sign In' }));
    await screen.findByText('Sign-in page');
  });

  it('refuses a link without a token', async () => {
    openLink('/auth/callback');
    await screen.findByText('Invalid or missing verification token');
  });

  // Focusing the field loads the strength estimator, which takes a while on a busy machine.
  it(
    'offers a new-password form for a recovery link, with the spec toasts on bad input',
    { timeout: 20_000 },
    async () => {
      const user = userEvent.setup();
      openLink('/auth/callback#access_token=reset-token&type=recovery');
      // The link is checked first; the form follows once it is known to be good.
      await screen.findByLabelText('New Password');
      screen.getByRole('heading', { name: 'Set a new password' });
      expect(window.location.hash).toBe('');

      await user.type(screen.getByLabelText('New Password'), 'abc');
      await user.type(screen.getByLabelText('Confirm Password'), 'abc');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expect(toast.error).toHaveBeenCalledWith('Password Too Short', expect.anything());

      await user.clear(screen.getByLabelText('New Password'));
      await user.type(screen.getByLabelText('New Password'), 'steady-breath');
      await user.click(screen.getByRole('button', { name: 'Update Password' }));
      expect(toast.error).toHaveBeenCalledWith("Passwords Don't Match", expect.anything());
      expect(screen.queryByRole('button', { name: 'Return to Sign In' })).not.toBeNull();
    },
  );

  it('confirms a sign-up link and says where it goes next', async () => {
    openLink('/auth/callback#access_token=good&type=signup');
    await screen.findByText('Email confirmed! Taking you to set up your space...');
    expect(fetch).toHaveBeenCalledWith('/api/auth/verify-email?token=good', expect.anything());
  });

  it('takes a coach whose confirmed address holds the admin role to the admin area, not to onboarding', async () => {
    let confirmed = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith('/api/auth/verify-email')) {
          confirmed = true;
          return json({ status: true, user: null });
        }
        // The link signs in: from then on the session is the coach's.
        if (url === '/api/auth/get-session') {
          return json(
            confirmed
              ? {
                  session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
                  user: { id: 'coach-1', email: 'coach@calm.test', name: 'Cora Coach', emailVerified: true },
                }
              : null,
          );
        }
        if (url.endsWith('/api/me/roles')) return json(['admin', 'user']);
        return json({ error: 'Not found' }, 404);
      }),
    );
    openLink('/auth/callback#access_token=good&type=signup');
    await screen.findByText('Email confirmed! Taking you to the admin area...');
    expect(screen.queryByText(/set up your space/)).toBeNull();
  });

  it('says a used or expired reset link is spent before any typing, and sends a new one on the spot', async () => {
    const user = userEvent.setup();
    installFetch(() => json({ status: true, user: null }), { resetUsable: false });
    openLink('/auth/callback#access_token=spent-token&type=recovery');
    await screen.findByText('This reset link has already been used or has expired');
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(bodySentTo('/api/password-reset/check')).toEqual({ token: 'spent-token' });

    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    await screen.findByText('A new link is on its way');
    expect(bodySentTo('/api/auth/request-password-reset')).toEqual({
      email: 'ada@example.com',
      redirectTo: '/auth/callback',
    });
  });

  it('asks for the sign-up password away from the browser that signed up, then confirms (decision 046)', async () => {
    let marked = false;
    installFetch(() =>
      marked
        ? json({ status: true, user: null })
        : json({ code: 'CONFIRM_WITH_PASSWORD', message: 'To finish, enter the password.' }, 403),
    );
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/sign-up-confirmation/password')) {
        const { password } = JSON.parse(String(init?.body)) as { password: string };
        if (password !== 'laptop-pass-9') {
          return json({ error: 'Invalid input', fieldErrors: { password: ['That is not the password.'] } }, 400);
        }
        marked = true;
        return json({ confirmable: true });
      }
      return base(input, init);
    });
    const user = userEvent.setup();
    openLink('/auth/callback#access_token=good&type=signup');
    await screen.findByRole('heading', { name: 'One more step' });

    await user.type(screen.getByLabelText('Password chosen at sign-up'), 'wrong-one-1');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await screen.findByText('That is not the password.');

    await user.clear(screen.getByLabelText('Password chosen at sign-up'));
    await user.type(screen.getByLabelText('Password chosen at sign-up'), 'laptop-pass-9');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    await screen.findByText('Email confirmed! Taking you to set up your space...');
  });

  it('offers a new confirmation link when a sign-up link is refused', async () => {
    const user = userEvent.setup();
    installFetch(() => json({ message: 'Token expired', code: 'TOKEN_EXPIRED' }, 401));
    openLink('/auth/callback#access_token=old&type=signup');
    await screen.findByText('This confirmation link has already been used or has expired');
    // The plain words only: not the auth library's "Token expired" under them.
    expect(screen.queryByText('Token expired')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    await screen.findByText('A new link is on its way');
    expect(bodySentTo('/api/auth/send-verification-email')).toEqual({ email: 'new@example.com' });
  });

  it("shows the server's reason when a confirmation link is refused", async () => {
    installFetch(() => json({ message: 'This address is already in use', code: 'EMAIL_TAKEN' }, 400));
    openLink('/auth/callback#access_token=old&type=email_change');
    await screen.findByText('This address is already in use');
    expect(
      screen.queryByText('The verification link may be expired or invalid. Please request a new one.'),
    ).not.toBeNull();
  });

  it('says an expired or unknown link in plain words, without the auth library\'s "Invalid token"', async () => {
    installFetch(() => json({ message: 'Invalid token' }, 401));
    openLink('/auth/callback#access_token=old&type=email_change');
    await screen.findByText('The verification link may be expired or invalid. Please request a new one.');
    expect(screen.queryByText('Invalid token')).toBeNull();
  });
});
