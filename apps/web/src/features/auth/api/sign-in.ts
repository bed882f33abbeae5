import type { SignInInput } from '@app/shared';
import { authApi } from '@/lib/api-request';
import type { AuthUser } from './get-session';

/** Email and password sign-in; sets the session cookie on success. */
export function signIn({ email, password }: SignInInput): Promise<{ user: AuthUser }> {
  return authApi.post('/api/auth/sign-in/email', { email, password });
}
