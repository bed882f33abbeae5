import { eq } from 'drizzle-orm';
import type { NotificationSettingsDto } from '@app/shared';
import type { Database } from '../../db/client';
import { notificationSettings } from '../../db/schema';

/** The member's choice about reply mails (decision 063); no row is the default, on. */
export async function readNotificationSettings(db: Database, userId: string): Promise<NotificationSettingsDto> {
  const [row] = await db
    .select({ replyMails: notificationSettings.replyMails })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return { reply_mails: row?.replyMails ?? true };
}

/** Saves the choice, from the profile or from a mail's one-click unsubscribe. */
export async function saveNotificationSettings(
  db: Database,
  userId: string,
  settings: NotificationSettingsDto,
): Promise<NotificationSettingsDto> {
  await db
    .insert(notificationSettings)
    .values({ userId, replyMails: settings.reply_mails })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { replyMails: settings.reply_mails, updatedAt: new Date() },
    });
  return { reply_mails: settings.reply_mails };
}
