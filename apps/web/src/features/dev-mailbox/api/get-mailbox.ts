import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A mail kept by the server's local mailbox (local mode only). */
export interface LocalMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export const getMailbox = (): Promise<LocalMail[]> => api.get<LocalMail[]>('/api/dev/mailbox');

export const mailboxQueryOptions = () =>
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
