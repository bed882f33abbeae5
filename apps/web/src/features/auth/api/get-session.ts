import { authApi } from '@/lib/api-request';

/** better-auth's user as GET /api/auth/get-session returns it. */
export interface AuthUser {
  id: string;
  email: string;
  name: string | null;
  emailVerified: boolean;
}

interface SessionResponse {
  session: { id: string; expiresAt: string };
  user: AuthUser;
}

/** The signed-in user, or null when there is no session. */
export async function getSession(): Promise<AuthUser | null> {
  const data = await authApi.get<SessionResponse | null>('/api/auth/get-session');
  return data?.user ?? null;
}
