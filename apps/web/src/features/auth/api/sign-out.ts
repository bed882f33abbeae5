import { ApiError, authApi } from '@/lib/api-request';

/**
 * Ends the session on the server. A session that is already gone (401, 403,
 * 404) counts as signed out, as the spec's auth client treated it.
 */
export async function signOut(): Promise<void> {
  try {
    await authApi.post('/api/auth/sign-out', {});
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}
