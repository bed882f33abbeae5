import type { SignInInput } from '@app/shared';
import { authApi } from '@/lib/api-request';
import type { AuthUser } from './get-session';

/**
 * Email and password sign-in; sets the session cookie on success. An account
 * with two-step sign-in gets no session yet: `twoFactorRedirect` asks for the
 * authenticator's code (verifyAuthenticatorCode), decision 047.
 */
export function signIn({ email, password }: SignInInput): Promise<{ user: AuthUser } | { twoFactorRedirect: true }> {
  return authApi.post('/api/auth/sign-in/email', { email, password });
}
