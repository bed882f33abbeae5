import { z } from 'zod';

/** PUT /api/me/notification-settings. */
export const notificationSettingsSchema = z.object({
  reply_mails: z.boolean('reply_mails must be true or false'),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsSchema>;
