import { authApi } from '@/lib/api-request';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** Sets a new password with the recovery token from the mail link. */
export function resetPassword({ token, newPassword }: ResetPasswordInput): Promise<{ status: boolean }> {
  return authApi.post('/api/auth/reset-password', { token, newPassword });
}
