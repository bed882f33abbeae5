/**
 * What a member reads from the programme's check-ins and channels (decision
 * 058): plain, kind, British English; never a label, never blame.
 */

export const CHECKIN_QUESTION =
  'Time for your check-in. How stressed are you right now, from 0 (completely calm) to 10 (the most stressed you can imagine)? Reply with a number ("6"), or a number and a few words ("6 - busy day").';

/** After an answer: thanks, with no judgement of the number. */
export function checkinThanks(score: number): string {
  if (score >= 7)
    return `Thank you for checking in (${score}/10). That sounds like a lot right now. If it would help to talk it through, I'm here.`;
  if (score <= 3) return `Thank you for checking in (${score}/10). Good to hear it feels manageable today.`;
  return `Thank you for checking in (${score}/10). Noted: you can see how your days compare on your dashboard.`;
}

/** The answer to "STOP" on WhatsApp. */
export const PROGRAMME_STOPPED_TEXT =
  'Done: you will not get check-ins, step reminders or weekly summaries any more. You can still write here at any time. Reply START to have them again.';

/** The answer to "START" on WhatsApp. */
export const PROGRAMME_STARTED_TEXT =
  'Welcome back: your check-ins, step reminders and weekly summaries will start again at the times you chose. Reply STOP at any time to pause them.';

/** The quick-reply button of the programme template (WhatsApp): tapping it reopens the chat window. */
export const PROGRAMME_TEMPLATE_BUTTON = 'Show me';

/** The mail nudge for members without WhatsApp. */
export const PROGRAMME_NUDGE_MAIL = {
  subject: 'Something is waiting for you in your chat',
  checkin: 'It is time for your check-in: one quick question about how you are feeling today.',
  step_reminder: 'Your next small step is waiting for you in your chat.',
  weekly_summary: 'Your weekly summary is ready in your chat.',
  action: 'Open your chat',
  unsubscribe: 'Rather not have these mails? Turn them off with one click:',
} as const;

/** Shown after the one-click unsubscribe from a nudge mail. */
export const PROGRAMME_UNSUBSCRIBED_TEXT =
  'Done: we will not send you these mails any more. You can change this at any time in your profile.';
