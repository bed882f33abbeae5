import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LocalPhoneMessageBody, LocalPhoneReceiptsBody } from '@app/shared';
import { api, read } from '@/lib/api';

/** How often the phone looks for the coach's replies while the page is visible (TanStack pauses in the background). */
const POLL_MS = 1500;

const phoneKeys = {
  all: ['dev', 'whatsapp'] as const,
  phones: () => [...phoneKeys.all, 'phones'] as const,
  thread: (phone: string) => [...phoneKeys.all, 'phones', phone] as const,
};

const threadOptions = (phone: string) =>
  queryOptions({
    queryKey: phoneKeys.thread(phone),
    queryFn: () => read(api.dev.whatsapp.phones[':phone'].$get({ param: { phone } })),
    refetchInterval: POLL_MS,
    staleTime: 0,
  });

/** The phone's thread with the business number, polled. */
export function usePhoneThread(phone: string | null) {
  return useQuery({ ...threadOptions(phone ?? ''), enabled: phone !== null });
}

/** The phones that have written before, to pick one again. */
export function useLocalPhones() {
  return useQuery({
    queryKey: phoneKeys.phones(),
    queryFn: () => read(api.dev.whatsapp.phones.$get()),
    staleTime: 0,
  });
}

/** Sends the phone's text or voice note through the webhook endpoint. */
export function useSendFromPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: LocalPhoneMessageBody) => read(api.dev.whatsapp.messages.$post({ json })),
    onSettled: (_data, _error, json) => {
      void queryClient.invalidateQueries({ queryKey: phoneKeys.thread(json.phone.replace(/\D/g, '')) });
      void queryClient.invalidateQueries({ queryKey: phoneKeys.phones() });
    },
  });
}

/** Sends the phone's delivered or read receipts for the business's messages. */
export function useSendReceipts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: LocalPhoneReceiptsBody) => read(api.dev.whatsapp.receipts.$post({ json })),
    onSettled: (_data, _error, json) =>
      queryClient.invalidateQueries({ queryKey: phoneKeys.thread(json.phone.replace(/\D/g, '')) }),
  });
}
