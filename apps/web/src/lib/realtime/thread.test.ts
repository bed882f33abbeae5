import { describe, expect, it } from 'vitest';
import type { ChatMessageDto } from '@app/shared';
import {
  applyRead,
  applyStatus,
  laterStatus,
  mergeMessages,
  newestSavedId,
  temporaryMessage,
  type ThreadMessage,
} from './thread';

const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, '0')}:00.000Z`;
const msg = (id: string, minute: number, fromAdmin = false, readAt: string | null = null): ChatMessageDto => ({
  id,
  conversation_id: 'c1',
  member_id: 'm1',
  message: id,
  created_at: at(minute),
  author: fromAdmin ? 'coach' : 'member',
  channel: 'web',
  type: 'text',
  status: readAt ? 'read' : 'sent',
  client_id: null,
  is_admin_message: fromAdmin,
  sender_left: false,
  author_name: null,
  author_id: null,
  read_at: readAt,
  media: null,
  reaction: null,
  failure_reason: null,
  origin: null,
  programme: null,
});
const conversation = { conversationId: 'c1', memberId: 'm1' };

describe('a live thread', () => {
  it('shows a message once however often it arrives, in time order, temporary entries last', () => {
    const pending = temporaryMessage(conversation, 'on its way', false);
    const thread = mergeMessages([msg('b', 2), pending], [msg('a', 1), msg('b', 2), msg('c', 3)]);
    expect(thread.map((m) => m.id)).toEqual(['a', 'b', 'c', pending.id]);
    expect(newestSavedId(thread)).toBe('c');
  });

  it('shows a sent message once when its own frame arrives before the send is answered', () => {
    const first = temporaryMessage(conversation, 'same words', false);
    const second = temporaryMessage(conversation, 'same words', false);
    const other = temporaryMessage(conversation, 'other words', false);
    // The second of two identical messages is saved first: its client id, not its words, says which entry it was.
    const saved = { ...msg('s2', 4), message: 'same words', client_id: second.client_id };
    const thread = mergeMessages([msg('a', 1), first, other, second], [saved]);
    expect(thread.map((m) => m.id)).toEqual(['a', 's2', first.id, other.id]);
    // The send's answer then removes an entry already gone and brings the same message again.
    expect(mergeMessages(thread, [saved]).map((m) => m.id)).toEqual(['a', 's2', first.id, other.id]);
    // A message with the same words but no client id of this screen (the other side, another tab) stands for nothing.
    const reply = { ...msg('r1', 5, true), message: 'other words' };
    const elsewhere = { ...msg('e1', 6), message: 'same words', client_id: 'another-tab-1' };
    expect(mergeMessages(thread, [reply, elsewhere]).map((m) => m.id)).toEqual([
      'a',
      's2',
      'r1',
      'e1',
      first.id,
      other.id,
    ]);
  });

  it('keeps a read marker when an older copy of the message arrives after it', () => {
    const thread = mergeMessages([msg('a', 1, false, at(5))], [msg('a', 1)]);
    expect(thread[0]!.read_at).toBe(at(5));
  });

  it('marks only the other side read', () => {
    const thread = applyRead([msg('mine', 1), msg('reply', 2, true)], 'admin', at(9));
    expect(thread.map((m) => m.read_at)).toEqual([at(9), null]);
  });
});

describe('a thread’s changed messages and receipts', () => {
  const reply = (over: Partial<ChatMessageDto> = {}): ChatMessageDto => ({
    ...msg('r', 1, true),
    channel: 'whatsapp',
    status: 'pending',
    ...over,
  });

  it('replaces a message that comes again changed: its voice note fetched, a reaction added', () => {
    const voice = {
      ...msg('v', 1),
      type: 'audio' as const,
      message: '',
      media: {
        url: null,
        status: 'pending' as const,
        mime_type: 'audio/ogg',
        caption: null,
        voice: true,
        provider_type: null,
      },
    };
    const fetched = {
      ...voice,
      media: { ...voice.media, status: 'stored' as const, url: '/api/media/f1' },
      reaction: '👍',
    };
    const thread = mergeMessages([voice, msg('w', 2)], [fetched]);
    expect(thread.map((m) => m.id)).toEqual(['v', 'w']);
    expect(thread[0]!.media).toEqual(fetched.media);
    expect(thread[0]!.reaction).toBe('👍');
    // A removed reaction goes too.
    expect(mergeMessages(thread, [{ ...fetched, reaction: null }])[0]!.reaction).toBeNull();
  });

  it('moves a delivery forward only, whatever order the receipts and copies arrive in', () => {
    let thread: ThreadMessage[] = [reply()];
    thread = applyStatus(thread, { message_id: 'r', status: 'read', at: at(5) });
    expect(thread[0]).toMatchObject({ status: 'read', read_at: at(5) });
    // A late `delivered`, and a copy read before the receipt, do not take it back.
    thread = applyStatus(thread, { message_id: 'r', status: 'delivered', at: at(4) });
    thread = mergeMessages(thread, [reply({ status: 'sent' })]);
    expect(thread[0]).toMatchObject({ status: 'read', read_at: at(5) });
    // A receipt for a message not held changes nothing.
    expect(applyStatus(thread, { message_id: 'other', status: 'sent', at: at(6) })).toEqual(thread);
  });

  it('shows a failure with its reason, and a retry starting the message again', () => {
    let thread: ThreadMessage[] = [reply({ status: 'sent' })];
    thread = applyStatus(thread, {
      message_id: 'r',
      status: 'failed',
      at: at(3),
      reason: '131026 Message undeliverable',
    });
    expect(thread[0]).toMatchObject({ status: 'failed', failure_reason: '131026 Message undeliverable' });
    // The retry route answers the message pending again; its reason is gone.
    thread = mergeMessages(thread, [reply({ status: 'pending', failure_reason: null })]);
    expect(thread[0]).toMatchObject({ status: 'pending', failure_reason: null });
    thread = applyStatus(thread, { message_id: 'r', status: 'sent', at: at(4) });
    expect(thread[0]!.status).toBe('sent');
    expect(laterStatus('delivered', 'failed')).toBe('failed');
  });
});
