import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MemberWhatsAppDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { useMember, type Member } from '@/lib/member-api/member-api';

/**
 * The signed-in member's WhatsApp side (decision 056): the reference every
 * chat link's greeting carries, and the linked contact. Read by the chat links
 * and the profile, so it lives here rather than in one feature. A demo visitor
 * has none: the demo has no WhatsApp number of its own to link.

 */
export const memberWhatsAppQueryKey = (userId: string | undefined) => ['me', userId, 'whatsapp'] as const;

const memberWhatsAppQueryOptions = (member: Member | null) =>
  queryOptions({
    queryKey: memberWhatsAppQueryKey(member?.userId),
    queryFn: (): Promise<MemberWhatsAppDto> => read(api.me.whatsapp.$get()),
    enabled: Boolean(member && !member.demo),
  });

/** GET /api/me/whatsapp for the signed-in member; never runs for a demo visitor or nobody. */
export function useMemberWhatsApp() {
  return useQuery(memberWhatsAppQueryOptions(useMember()));
}

/**
 * The member's link reference (`CS-…`) once known; undefined while signed out,
 * in the demo, loading or after a failed read: a chat link never waits for it.
 */
export function useLinkReference(): string | undefined {
  return useMemberWhatsApp().data?.reference;
}

/** DELETE /api/me/whatsapp: unlinks the contact; the answer (no contact, a new reference) replaces the cached one. */
export function useUnlinkWhatsApp(): () => Promise<MemberWhatsAppDto> {
  const queryClient = useQueryClient();
  const member = useMember();
  return useCallback(async () => {
    const answer: MemberWhatsAppDto = await read(api.me.whatsapp.$delete());
    queryClient.setQueryData(memberWhatsAppQueryKey(member?.userId), answer);
    return answer;
  }, [queryClient, member?.userId]);
}
