import { useMutation } from '@tanstack/react-query';
import { authApi } from '@/lib/api';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** Sets a new password with the recovery token from the mail link. */
export function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<{ status: boolean }> {
  return authApi.post('/api/auth/reset-password', { token, newPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
