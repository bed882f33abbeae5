/**
 * Telling people a message is waiting (decision 063): the member's unread
 * replies (header, tab title, a toast; a mail when one stays unseen) and the
 * coach's unread member messages (tab title, a browser notification; a mail
 * digest while away). What the server and the web app agree on.
 */

/** GET /api/me/notifications: what waits for the member in their conversation. */
export type MemberNotificationsDto = {
  /** The member's conversation (its realtime channel tells of new replies). */
  conversation_id: string;
  /** Messages to the member (a coach's, the AI coach's, the programme's) they have not seen yet. */
  unread_replies: number;
};

/** GET/PUT /api/me/notification-settings: the member's choice about reply mails. */
export type NotificationSettingsDto = {
  /** A mail when a reply has waited unseen (never its words); on unless the member turns it off. */
  reply_mails: boolean;
};

/** GET /api/admin/notifications: what waits for this coach (the conversations they are told about). */
export type CoachNotificationsDto = {
  /** Conversations with a member message no coach has read yet. */
  unread_conversations: number;
  /** Those member messages, in all. */
  unread_messages: number;
  /** Of those conversations, the ones marked urgent (a possible crisis). */
  urgent_conversations: number;
  /** When the newest of those messages came; null when none waits. */
  latest_at: string | null;
};
