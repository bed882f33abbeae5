import type { ForgotPasswordInput } from '@app/shared';
import { authApi } from '@/lib/api-request';

/**
 * Mails a new sign-up confirmation link. better-auth answers the same whether
 * the address is unknown, already confirmed or waiting (and takes as long),
 * so the page cannot reveal who is a member (decision 009).
 */
export function sendVerificationEmail({ email }: ForgotPasswordInput): Promise<{ status: boolean }> {
  return authApi.post('/api/auth/send-verification-email', { email });
}
