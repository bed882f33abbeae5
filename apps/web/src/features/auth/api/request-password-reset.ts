import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@app/shared';
import { authApi } from '@/lib/api';

/** The mail's link leads to /auth/callback with a recovery token. */
export const PASSWORD_RESET_REDIRECT = '/auth/callback';

export function requestPasswordReset({ email }: ForgotPasswordInput): Promise<{ status: boolean }> {
  return authApi.post('/api/auth/request-password-reset', { email, redirectTo: PASSWORD_RESET_REDIRECT });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
