import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@app/shared';
import { authApi } from '@/lib/api';
import type { AuthUser } from './get-session';

/** Creates the account, signs it in and sends the confirmation mail. */
export function signUp({ fullName, email, password }: SignUpInput): Promise<{ user: AuthUser }> {
  return authApi.post('/api/auth/sign-up/email', { name: fullName, email, password });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
