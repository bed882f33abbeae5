import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailInput, DeleteAccountInput } from '@app/shared';
import { api, authApi, read, readFile } from '@/lib/api';

/**
 * The profile's "Your account" card (docs/product.md#profile, decision 031).
 * Its own calls use the typed client, which /profile's chunk loads anyway; the
 * password and address changes are better-auth's endpoints.
 */
const accountStatusKey = (userId: string | undefined) => ['me', userId, 'account'] as const;

const accountStatusQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: accountStatusKey(userId),
    queryFn: () => read(api.me.account.$get()),
    enabled: Boolean(userId),
  });

/** The address, any change waiting for its confirmation link, and whether there is a password. */
export function useAccountStatus(userId: string | undefined) {
  return useQuery(accountStatusQueryOptions(userId));
}

/** Better-auth's change-password; the server always ends the other sessions (decision 011). */
export function useChangePassword() {
  return useMutation({
    mutationFn: ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) =>
      authApi.post<{ token: string | null }>('/api/auth/change-password', {
        currentPassword,
        newPassword,
        revokeOtherSessions: true,
      }),
  });
}

/**
 * With the current password (decision 046), mails a confirmation link to the new
 * address; the account's address changes only when it is followed.
 */
export function useChangeEmail(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ newEmail, currentPassword }: ChangeEmailInput) =>
      authApi.post<{ status: boolean }>('/api/auth/change-email', { newEmail, currentPassword }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountStatusKey(userId) }),
  });
}

/** Saves everything the product holds about the member as the JSON file the server names. */
export async function downloadMyData(): Promise<string> {
  const { blob, fileName = 'calm-space-data.json' } = await readFile(api.me.export.$get());
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}

/** Deletes the account for good: the server checks the password again first. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => read(api.me.account.$delete({ json: input })),
  });
}
