import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalMail } from '@app/shared';
import { api, read } from '@/lib/api';

export type { LocalMail };

const getMailbox = (): Promise<LocalMail[]> => read(api.dev.mailbox.$get());

const mailboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'mailbox'],
    queryFn: getMailbox,
    // New mail arrives while you click through sign-up in another tab.
    refetchInterval: 5000,
    staleTime: 0,
  });

export function useMailbox() {
  return useQuery(mailboxQueryOptions());
}
