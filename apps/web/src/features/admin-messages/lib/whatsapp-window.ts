import type { ConversationWhatsAppDto } from '@app/shared';

/**
 * What the composer says about WhatsApp's 24-hour window (decision 056): a
 * free-form reply reaches WhatsApp only while it is open. It never stops a
 * reply: outside it the reply reaches the member's web chat, and the template
 * (when configured) tells them on WhatsApp that a reply is waiting.
 */
export type WindowState = { open: boolean; text: string };

/** `5 h 12 min`, `12 min`, `under a minute`: time left, rounded down, so it never promises too much. */
export function formatRemaining(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/**
 * The window's state at `now`. `hasMember`: the contact is linked to a member,
 * whose web chat a reply outside the window reaches; a contact linked to
 * nobody has no web chat.
 */
export function windowState(whatsapp: ConversationWhatsAppDto, now: number, hasMember: boolean): WindowState {
  const closesAt = whatsapp.window_closes_at ? Date.parse(whatsapp.window_closes_at) : Number.NaN;
  if (closesAt > now) {
    return {
      open: true,
      text: `WhatsApp window open: replies reach WhatsApp for another ${formatRemaining(closesAt - now)}`,
    };
  }
  const where = hasMember ? 'your reply will appear in their web chat' : 'your reply stays here until they write again';
  const notice = whatsapp.reply_template ? " and we'll send a WhatsApp notification that a reply is waiting" : '';
  return { open: false, text: `WhatsApp window closed: ${where}${notice}` };
}
