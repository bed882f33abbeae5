/**
 * The words of the reply-waiting mail and the coach digest (decision 063).
 * Neither carries a message's words or a member's name: a mail may sit in an
 * inbox for years, and the chat shows them to whoever signs in.
 */
export const REPLY_WAITING_MAIL = {
  subject: 'You have a reply from your coach',
  line: 'Your coach has replied to your message. Sign in to read it whenever suits you.',
  action: 'Read your reply',
  unsubscribe: 'Rather not have these mails? Turn them off with one click:',
} as const;

export const REPLY_MAILS_UNSUBSCRIBED_TEXT =
  'Done: we will not mail you about replies any more. You can turn these mails back on at any time in your profile.';

/** The coach digest's subject and line, for a number of conversations. */
export function coachDigestLines(conversations: number): { subject: string; line: string } {
  const these = conversations === 1 ? 'A conversation has' : `${conversations} conversations have`;
  return {
    subject: `${these} new messages from members`,
    line: `${these} new messages from members since you were last online. Nobody on the team has read them yet.`,
  };
}
