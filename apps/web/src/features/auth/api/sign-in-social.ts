import { authApi } from '@/lib/api-request';

export type SocialProvider = 'google';

/** Starts provider sign-in; the answer is the provider's page to go to. */
export function signInSocial(provider: SocialProvider): Promise<{ url: string }> {
  return authApi.post('/api/auth/sign-in/social', { provider, callbackURL: '/' });
}
