import type { ForgotPasswordInput } from '@app/shared';
import { authApi } from '@/lib/api-request';

/** The mail's link leads to /auth/callback with a recovery token. */
export const PASSWORD_RESET_REDIRECT = '/auth/callback';

export function requestPasswordReset({ email }: ForgotPasswordInput): Promise<{ status: boolean }> {
  return authApi.post('/api/auth/request-password-reset', { email, redirectTo: PASSWORD_RESET_REDIRECT });
}
