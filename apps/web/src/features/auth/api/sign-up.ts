import type { SignUpFormInput } from '@app/shared';
import { authApi } from '@/lib/api-request';
import type { AuthUser } from './get-session';

/**
 * Asks for an account. The answer is the same whether the address was new or
 * already taken, and never a session (decision 009): a new address gets the
 * confirmation mail, whose link signs the member in; a taken one, a mail to its owner.
 * The person confirms they are 18 or over (the terms require it).
 */
export function signUp({
  fullName,
  email,
  password,
  ageConfirmed,
}: SignUpFormInput): Promise<{ token: null; user: AuthUser }> {
  // The form only sends once the box is ticked; the server checks it again.
  return authApi.post('/api/auth/sign-up/email', {
    name: fullName,
    email,
    password,
    ageConfirmed: ageConfirmed === 'yes',
  });
}
