import { useMutation } from '@tanstack/react-query';
import { authApi } from '@/lib/api';
import { loadPage } from '@/lib/navigation';

export type SocialProvider = 'google';

/** Starts provider sign-in; the answer is the provider's page to go to. */
export function signInSocial(provider: SocialProvider): Promise<{ url: string }> {
  return authApi.post('/api/auth/sign-in/social', { provider, callbackURL: '/' });
}

export function useSignInSocial() {
  return useMutation({
    mutationFn: signInSocial,
    onSuccess: ({ url }) => loadPage(url),
  });
}
