import { conversationChannel, INBOX_CHANNEL, type ChatMessageDto } from '@app/shared';
import type { Database } from '../../db/client';
import type { RealtimeHandler, RealtimeOutlet } from '../realtime/handler';
import { chatMessageById, chatMessagesSince, forMember } from './chat-messages';
import { isMembersConversation } from './conversations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many delivered message ids are remembered, so a catch-up after a bus outage sends none twice. */
const RECENT_IDS = 2000;
/** A catch-up reads back this far before the outage began (clocks of two instances differ a little). */
const CATCH_UP_MARGIN_MS = 5000;

/**
 * The chat's part of the realtime hub (decisions 029, 053): the
 * `conversation:<id>` channels, joinable by admins and by the conversation's
 * member, and the admins' `inbox`. On a message event it reads the committed
 * row once, only if some socket here listens, and sends it to the
 * conversation's channel; the inbox only hears that its list changed.
 * A conversation is named by its own id (decision 052): a member may join only
 * the one whose member is them, read from the database; never a contact's.
 */
export function chatRealtime(
  db: Database,
): RealtimeHandler<
  'message' | 'message_changed' | 'read' | 'message_status' | 'automation' | 'coach_typing' | 'assignment'
> {
  const recentIds = new Set<string>();

  function remember(id: string): boolean {
    if (recentIds.has(id)) return false;
    recentIds.add(id);
    if (recentIds.size > RECENT_IDS) recentIds.delete(recentIds.values().next().value!);
    return true;
  }

  /** Sends a message to its conversation's sockets; `again` for a changed one (sent before, replaced by clients). */
  function deliver(message: ChatMessageDto, out: RealtimeOutlet, again = false) {
    if (!remember(message.id) && !again) return;
    const channel = conversationChannel(message.conversation_id);
    // A member is shown a coach's first name only (decision 061).
    const memberView = forMember(message);
    out.toChannel(channel, (viewer) => ({ type: 'message', channel, message: viewer.isAdmin ? message : memberView }));
    out.toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
  }

  return {
    name: 'chat',
    channels: ['conversation', 'inbox'],
    events: ['message', 'message_changed', 'read', 'message_status', 'automation', 'coach_typing', 'assignment'],
    async mayJoin(viewer, channel) {
      if (channel.kind === 'inbox') return viewer.isAdmin;
      // No conversation has another kind of id: refused before any query.
      if (!UUID.test(channel.id)) return false;
      return viewer.isAdmin || isMembersConversation(db, channel.id, viewer.userId);
    },
    async onEvent(event, out) {
      const channel = conversationChannel(event.conversation_id);
      switch (event.kind) {
        case 'message': {
          // Read only when some socket here listens: an instance with no such socket does no work.
          if (!out.watches(channel, INBOX_CHANNEL)) return;
          const message = await chatMessageById(db, event.message_id);
          if (message) deliver(message, out);
          return;
        }
        case 'message_changed': {
          if (!out.watches(channel, INBOX_CHANNEL)) return;
          const message = await chatMessageById(db, event.message_id);
          if (message) deliver(message, out, true);
          return;
        }
        case 'read':
          out.toChannel(channel, {
            type: 'read',
            channel,
            conversation_id: event.conversation_id,
            reader: event.reader,
            read_at: event.read_at,
          });
          out.toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
          return;
        case 'message_status': {
          const { kind: _kind, ...status } = event;
          // The thread shows it; the inbox list does not.
          out.toChannel(channel, { type: 'message_status', channel, ...status });
          return;
        }
        case 'automation':
          out.toChannel(channel, {
            type: 'automation',
            channel,
            conversation_id: event.conversation_id,
            state: event.state,
          });
          // Who answers a conversation is part of the inbox's view of it.
          out.toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
          return;
        case 'assignment':
          // Only the team hears who answers: the lists and open panes of the inbox read it again.
          out.toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
          return;
        case 'coach_typing':
          out.toChannel(channel, { type: 'coach_typing', channel, conversation_id: event.conversation_id });
          return;
      }
    },
    /** What was written meanwhile in the conversations watched here; the inbox refetches. */
    async catchUp(since, out) {
      const ids = out.watched('conversation').map((c) => c.id);
      const messages = await chatMessagesSince(db, ids, new Date(since.getTime() - CATCH_UP_MARGIN_MS));
      for (const message of messages) deliver(message, out);
      if (out.watches(INBOX_CHANNEL)) out.toChannel(INBOX_CHANNEL, { type: 'inbox_changed' });
    },
  };
}
