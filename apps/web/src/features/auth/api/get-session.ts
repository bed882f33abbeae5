import { authApi } from '@/lib/api-request';

/**
 * Whether the account has two-step sign-in, and whether this session passed
 * it (decision 047). The admin area needs 'passed'; the server checks again.
 */
export type SecondFactorState = 'not-enrolled' | 'not-passed' | 'passed';

/** better-auth's user as GET /api/auth/get-session returns it, with the session's second factor. */
export interface AuthUser {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
  secondFactor: SecondFactorState;
}

interface SessionResponse {
  session: { id: string; expiresAt: string; twoFactorVerified?: boolean };
  user: Omit<AuthUser, 'secondFactor'> & { twoFactorEnabled?: boolean };
}

/** The signed-in user, or null when there is no session. */
export async function getSession(): Promise<AuthUser | null> {
  const data = await authApi.get<SessionResponse | null>('/api/auth/get-session');
  if (!data?.user) return null;
  const { twoFactorEnabled, ...user } = data.user;
  const secondFactor: SecondFactorState = !twoFactorEnabled
    ? 'not-enrolled'
    : data.session.twoFactorVerified
      ? 'passed'
      : 'not-passed';
  return { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified, secondFactor };
}
