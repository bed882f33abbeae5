import { describe, expect, it } from 'vitest';
import type { ConversationWhatsAppDto } from '@app/shared';
import { formatRemaining, windowState } from './whatsapp-window';

const now = Date.parse('2026-11-23T10:00:00.000Z');
const minutes = (n: number) => n * 60_000;
const whatsapp = (closesIn: number | null, replyTemplate = false): ConversationWhatsAppDto => ({
  contact: { contact_id: 'k1', phone: '447700900123', profile_name: 'Sam', linked_at: null },
  window_closes_at: closesIn === null ? null : new Date(now + closesIn).toISOString(),
  reply_template: replyTemplate,
});

describe('the WhatsApp window above the reply box', () => {
  it('says how long a reply still reaches WhatsApp, rounded down', () => {
    expect(windowState(whatsapp(minutes(5 * 60 + 12) + 59_000), now, true)).toEqual({
      open: true,
      text: 'WhatsApp window open: replies reach WhatsApp for another 5 h 12 min',
    });
    expect(formatRemaining(minutes(24 * 60))).toBe('24 h');
    expect(formatRemaining(minutes(7))).toBe('7 min');
    expect(formatRemaining(30_000)).toBe('under a minute');
  });

  it('says where a reply goes once it closed, and the notification when a template is set', () => {
    expect(windowState(whatsapp(-1), now, true)).toEqual({
      open: false,
      text: 'WhatsApp window closed: your reply will appear in their web chat',
    });
    // Closing exactly now is closed; never having written is closed.
    expect(windowState(whatsapp(0, true), now, true).text).toBe(
      "WhatsApp window closed: your reply will appear in their web chat and we'll send a WhatsApp notification that a reply is waiting",
    );
    expect(windowState(whatsapp(null), now, false)).toEqual({
      open: false,
      text: 'WhatsApp window closed: your reply stays here until they write again',
    });
  });
});
