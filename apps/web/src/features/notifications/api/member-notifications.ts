import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MemberNotificationsDto, NotificationSettingsDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { useMember } from '@/lib/member-api/member-api';

/** The signed-in member's waiting replies: the header's count, the tab title, the toasts. */
export const memberNotificationsKey = (userId: string | undefined) => ['me', userId, 'notifications'] as const;
const settingsKey = (userId: string | undefined) => ['me', userId, 'notification-settings'] as const;

/** GET /api/me/notifications. Signed-in members only: the screens mount it outside the demo. */
export function useMemberNotifications() {
  const member = useMember();
  return useQuery({
    queryKey: memberNotificationsKey(member?.userId),
    queryFn: (): Promise<MemberNotificationsDto> => read(api.me.notifications.$get()),
    enabled: Boolean(member),
  });
}

/** Asks for the count again: a reply came, or the member read them. */
export function useRefreshMemberNotifications() {
  const member = useMember();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: memberNotificationsKey(member?.userId) });
}

/** GET /api/me/notifications/settings: whether reply mails are on. */
export function useNotificationSettings() {
  const member = useMember();
  return useQuery({
    queryKey: settingsKey(member?.userId),
    queryFn: (): Promise<NotificationSettingsDto> => read(api.me.notifications.settings.$get()),
    enabled: Boolean(member),
  });
}

/** PUT /api/me/notifications/settings; the saved settings are cached as answered. */
export function useSaveNotificationSettings() {
  const member = useMember();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettingsDto) => read(api.me.notifications.settings.$put({ json: settings })),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(member?.userId), saved),
  });
}
