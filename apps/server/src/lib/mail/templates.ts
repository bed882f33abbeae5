import { coachDigestLines, PRODUCT_NAME, REPLY_WAITING_MAIL } from '@app/shared';
import type { OutgoingMail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Plain, branded mails with a text part and a matching HTML part. */
export function compose(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: { label: string; url: string },
  /** A last line with a link of its own (a one-click unsubscribe). */
  footer?: { line: string; label: string; url: string },
) {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${action.label}: ${action.url}`,
    ...(footer ? ['', `${footer.line} ${footer.url}`] : []),
    '',
    `— The ${PRODUCT_NAME} team`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f6f7f9;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td style="font-size:20px;font-weight:bold;color:#0f766e;padding-bottom:16px">${escapeHtml(PRODUCT_NAME)}</td></tr>
<tr><td style="font-size:16px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p style="padding:16px 0"><a href="${escapeHtml(action.url)}" style="background:#0f766e;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#52606d">If the button does not work, copy this address into your browser:<br>${escapeHtml(action.url)}</p>
${footer ? `<p style="font-size:13px;color:#52606d">${escapeHtml(footer.line)} <a href="${escapeHtml(footer.url)}">${escapeHtml(footer.label)}</a></p>\n` : ''}</td></tr></table></td></tr></table></body></html>`;
  return { to, subject, text, html } satisfies OutgoingMail;
}

/**
 * Who a mail goes to. The name greets only an account whose address is proven
 * (decision 046): before that it is whatever someone typed at sign-up, and
 * mail to an address nobody has proven carries nothing its sender typed.
 */
export interface Recipient {
  email: string;
  name: string | null | undefined;
  emailVerified: boolean;
}

export const hello = ({ name, emailVerified }: Recipient) =>
  emailVerified && name?.trim() ? `Hello ${name.trim()},` : 'Hello,';

/** To an address nobody has proven yet: no name, nothing the person who signed up typed. */
export function verificationMail(to: string, url: string): OutgoingMail {
  return compose(
    to,
    `Confirm your email for ${PRODUCT_NAME}`,
    'Hello,',
    [
      `Welcome to ${PRODUCT_NAME}. Please confirm your email address so we can keep your account safe.`,
      'This link expires in one hour.',
    ],
    { label: 'Confirm my email', url },
  );
}

export function passwordResetMail(to: Recipient, url: string): OutgoingMail {
  return compose(
    to.email,
    `Reset your ${PRODUCT_NAME} password`,
    hello(to),
    [
      'We received a request to reset your password. Choose a new one with the link below.',
      'This link expires in one hour. If you did not ask for this, you can ignore this mail: your password stays the same.',
    ],
    { label: 'Choose a new password', url },
  );
}

/** To the new address, which nobody has proven yet: no name. */
export function emailChangeMail(to: string, url: string): OutgoingMail {
  return compose(
    to,
    `Confirm your new email for ${PRODUCT_NAME}`,
    'Hello,',
    ['Please confirm that this is the new email address for your account.', 'This link expires in one hour.'],
    { label: 'Confirm my new email', url },
  );
}

/**
 * Sent to an existing member when someone signs up with their address. The
 * sign-up itself answers exactly as for a new address (decision 009), so this
 * mail is how the owner, and only the owner, learns of it.
 */
export function signUpAttemptMail(to: Recipient, signInUrl: string): OutgoingMail {
  return compose(
    to.email,
    `Someone tried to sign up to ${PRODUCT_NAME} with your email`,
    hello(to),
    [
      `Someone, perhaps you, just tried to create a ${PRODUCT_NAME} account with this email address. You already have an account, so nothing was changed.`,
      'If it was you, sign in with the button below. If you have forgotten your password, choose "Forgot password?" on the sign-in page to set a new one.',
      'If it was not you, you can ignore this mail: your account and your password stay as they are.',
    ],
    { label: 'Sign in', url: signInUrl },
  );
}

/** Sent once per lock (lib/auth/sign-in-guard.ts): the owner learns of it and can reset at once. */
export function signInLockedMail(to: Recipient, minutes: number, url: string): OutgoingMail {
  return compose(
    to.email,
    `Sign-in to your ${PRODUCT_NAME} account is paused`,
    hello(to),
    [
      `Someone tried to sign in to your ${PRODUCT_NAME} account with a wrong password too many times, so we have paused sign-in to it for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. None of those attempts got in.`,
      'If it was you, you can try again after that, or reset your password now: a new password ends the pause at once.',
      'If it was not you, choosing a new password is a good idea, especially if you use the same one elsewhere.',
    ],
    { label: 'Reset my password', url },
  );
}

/**
 * Confirms an account deletion (decision 031). The only mail that outlives the
 * account: it is queued as the account goes, and purged with the outbox's sent mail.
 */
export function accountDeletedMail(to: Recipient, siteUrl: string): OutgoingMail {
  return compose(
    to.email,
    `Your ${PRODUCT_NAME} account has been deleted`,
    hello(to),
    [
      `As you asked, we have deleted your ${PRODUCT_NAME} account, with your profile, reflections, ratings, feedback and messages. You have been signed out on every device.`,
      'If you had a subscription, we keep its payment record, without your name or address, for as long as UK tax law requires.',
      'If you did not ask for this, please contact our support team straight away.',
      'You are welcome back any time: you can sign up again with this address.',
    ],
    { label: `Visit ${PRODUCT_NAME}`, url: siteUrl },
  );
}

/**
 * To the account's previous, proven address once an email change is confirmed
 * (decision 046): whoever changed it, the owner of the old address can take
 * the account back. A security notice, sent even over the per-recipient limit.
 */
export function emailChangedMail(to: Recipient, newEmail: string, undoDays: number, undoUrl: string): OutgoingMail {
  return {
    ...compose(
      to.email,
      `Your ${PRODUCT_NAME} email address was changed`,
      hello(to),
      [
        `The email address of your ${PRODUCT_NAME} account was just changed to ${newEmail}. From now on, sign-in and mail use that address.`,
        'If you made this change, there is nothing more to do.',
        `If you did not, use the button below within ${undoDays} days: it puts this address back, signs everyone out of the account and asks you to choose a new password.`,
      ],
      { label: 'This was not me: undo the change', url: undoUrl },
    ),
    securityNotice: true,
  };
}

/**
 * To the account's address once its password is changed or reset: whoever did
 * it, the owner hears of it and can take the account back. A password cannot
 * be put back as it was, so the way back is a reset from this mailbox, which
 * signs everyone out. A security notice, sent even over the per-recipient limit.
 */
export function passwordChangedMail(to: Recipient, resetUrl: string): OutgoingMail {
  return {
    ...compose(
      to.email,
      `Your ${PRODUCT_NAME} password was changed`,
      hello(to),
      [
        `The password of your ${PRODUCT_NAME} account was just changed, and every other device was signed out.`,
        'If you made this change, there is nothing more to do.',
        'If you did not, choose a new password now with the button below: the link goes to this address only, and setting a new password signs everyone out again.',
      ],
      { label: 'This was not me: choose a new password', url: resetUrl },
    ),
    securityNotice: true,
  };
}

/** Why the team is asked to look at a conversation with the AI coach (decision 057). */
export type CoachAlertReason = 'crisis' | 'handed_over' | 'under_18' | 'voice_note' | 'review';

const COACH_ALERT_LINES: Record<CoachAlertReason, { subject: string; line: string }> = {
  crisis: {
    subject: 'Urgent: a member may be at risk',
    line: 'A member’s message was screened as a possible crisis. They have been sent the crisis help text and the AI coach has stopped in their conversation. Please read it and reply as soon as you can.',
  },
  handed_over: {
    subject: 'A member asked for a person',
    line: 'A member asked to talk to a person. The AI coach is paused in their conversation until a coach turns it back on.',
  },
  under_18: {
    subject: 'A member may be under 18',
    line: 'A member said something that suggests they are under 18. They were told we can only coach adults and given Childline’s number; the AI coach is paused in their conversation.',
  },
  voice_note: {
    subject: 'A voice note is waiting for a person',
    line: 'A member sent a voice note the AI coach cannot listen to. They were told a person will listen; the AI coach is paused in their conversation.',
  },
  review: {
    subject: 'A conversation was flagged for review',
    line: 'The language model declined to answer a member’s message, which can be a sign of risk. Please read the conversation.',
  },
};

/**
 * To an admin: a conversation needs a person. Carries none of the member's
 * words or name (a mail may sit in an inbox for years): the inbox shows them.
 */
export function coachAlertMail(to: Recipient, reason: CoachAlertReason, inboxUrl: string): OutgoingMail {
  const { subject, line } = COACH_ALERT_LINES[reason];
  return compose(to.email, `${subject} (${PRODUCT_NAME})`, hello(to), [line], {
    label: 'Open the inbox',
    url: inboxUrl,
  });
}

/**
 * To a member whose reply has waited unseen (decision 063): that a reply
 * waits, never its words, with a one-click way to stop these mails (the
 * link, and the List-Unsubscribe headers mail apps show as a button).
 */
export function replyWaitingMail(to: Recipient, chatUrl: string, unsubscribeUrl: string): OutgoingMail {
  return {
    ...compose(
      to.email,
      `${REPLY_WAITING_MAIL.subject} (${PRODUCT_NAME})`,
      hello(to),
      [REPLY_WAITING_MAIL.line],
      { label: REPLY_WAITING_MAIL.action, url: chatUrl },
      { line: REPLY_WAITING_MAIL.unsubscribe, label: 'Unsubscribe', url: unsubscribeUrl },
    ),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** To a coach who is away (decision 063): how many conversations wait, nothing of what they say. */
export function coachDigestMail(to: Recipient, conversations: number, inboxUrl: string): OutgoingMail {
  const { subject, line } = coachDigestLines(conversations);
  return compose(to.email, `${subject} (${PRODUCT_NAME})`, hello(to), [line], {
    label: 'Open the inbox',
    url: inboxUrl,
  });
}
