import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProgrammeSettingsDto } from '@app/shared';
import { requireMember, useMember } from '@/lib/member-api/member-api';

const programmeQueryKey = (userId: string | undefined) => ['me', userId, 'programme'] as const;

/** GET /api/me/programme: when and what the member is sent (the defaults before the first save). */
export function useProgrammeSettings() {
  const member = useMember();
  return useQuery({
    queryKey: programmeQueryKey(member?.userId),
    queryFn: (): Promise<ProgrammeSettingsDto> => requireMember(member).api.getProgrammeSettings(),
    enabled: Boolean(member),
  });
}

/** PUT /api/me/programme: the whole of it at once; the saved settings are cached as answered. */
export function useSaveProgrammeSettings() {
  const member = useMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ProgrammeSettingsDto) => requireMember(member).api.saveProgrammeSettings(settings),
    onSuccess: (saved) => queryClient.setQueryData(programmeQueryKey(member?.userId), saved),
  });
}
