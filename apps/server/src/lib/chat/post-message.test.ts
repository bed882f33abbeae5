import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ChatMessageDto } from '@app/shared';
import { betaSeats, chatMessages, mailOutbox, profiles } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { RealtimeEvent } from '../realtime/bus';
import { enqueueMail } from '../mail/outbox';
import { chatMessageById } from './chat-messages';
import { createContactConversation, memberConversationId } from './conversations';
import { postMessage, type DeliveryWriter, type MessageAuthor, type PostMessageDeps } from './post-message';

/**
 * The one write path (decision 052): the message and its outbound deliveries
 * commit or roll back together, the bus hears of it only after the commit, a
 * resend with the same client id writes nothing, and an author writes only
 * where it may.
 */

let server: TestServer;
let seq = 0;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Records what is published, and whether the message was committed (visible to another reader) by then. */
function recordingDeps() {
  const published: { event: RealtimeEvent; committed: boolean }[] = [];
  const deps: PostMessageDeps = {
    db: db(),
    realtime: {
      publish: async (event) => {
        const committed = event.kind === 'message' && (await chatMessageById(db(), event.message_id)) !== null;
        published.push({ event, committed });
      },
    },
  };
  return { deps, published };
}

async function member({ beta = true } = {}) {
  const client = server.client();
  const id: string = (await client.signUp(`post-${++seq}-${Date.now()}@example.com`)).body.user.id;
  if (beta) await db().insert(betaSeats).values({ userId: id });
  return { id, conversationId: await memberConversationId(db(), id) };
}

const mailTo =
  (address: string): DeliveryWriter =>
  (tx, message) =>
    enqueueMail(tx, { to: address, subject: 'New message', text: message.message, html: `<p>${message.message}</p>` });
const mailsTo = async (address: string) =>
  (await db().select().from(mailOutbox).where(eq(mailOutbox.to, address))).length;
const messagesIn = async (conversationId: string) =>
  db()
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(chatMessages.createdAt);

describe('postMessage', () => {
  it('commits the message and its outbox row together, then publishes', async () => {
    const { id, conversationId } = await member();
    const { deps, published } = recordingDeps();
    const address = `together-${seq}@example.com`;
    const result = await postMessage(deps, {
      conversationId,
      author: { kind: 'member', userId: id },
      text: 'Hello coach',
      deliveries: [mailTo(address)],
    });
    expect(result.outcome).toBe('created');
    const message = (result as { message: ChatMessageDto }).message;
    expect(message).toMatchObject({
      conversation_id: conversationId,
      member_id: id,
      author: 'member',
      channel: 'web',
      type: 'text',
      status: 'sent',
      is_admin_message: false,
      client_id: null,
    });
    expect(await mailsTo(address)).toBe(1);
    expect(published).toEqual([
      { event: { kind: 'message', message_id: message.id, conversation_id: conversationId }, committed: true },
    ]);
  });

  it('rolls both back when a delivery fails, and publishes nothing', async () => {
    const { id, conversationId } = await member();
    const { deps, published } = recordingDeps();
    const address = `rolled-back-${seq}@example.com`;
    const failing: DeliveryWriter = async () => {
      throw new Error('the provider refused the send');
    };
    await expect(
      postMessage(deps, {
        conversationId,
        author: { kind: 'member', userId: id },
        text: 'Lost together',
        deliveries: [mailTo(address), failing],
      }),
    ).rejects.toThrow('the provider refused the send');
    expect(await mailsTo(address)).toBe(0);
    expect(await messagesIn(conversationId)).toEqual([]);
    expect(published).toEqual([]);
  });

  it('returns the stored message for a client id already used, writing and publishing nothing more', async () => {
    const { id, conversationId } = await member();
    const { deps, published } = recordingDeps();
    const send = () =>
      postMessage(deps, {
        conversationId,
        author: { kind: 'member', userId: id },
        text: 'Sent twice by a flaky network',
        clientId: 'c-1_abc',
      });
    const first = await send();
    const again = await send();
    expect(first.outcome).toBe('created');
    expect(again.outcome).toBe('existing');
    const stored = (first as { message: ChatMessageDto }).message;
    expect((again as { message: ChatMessageDto }).message).toEqual(stored);
    expect(stored.client_id).toBe('c-1_abc');
    expect(await messagesIn(conversationId)).toHaveLength(1);
    expect(published).toHaveLength(1);
    // The same client id in another conversation is another message.
    const other = await member();
    const elsewhere = await postMessage(deps, {
      conversationId: other.conversationId,
      author: { kind: 'member', userId: other.id },
      text: 'Mine',
      clientId: 'c-1_abc',
    });
    expect(elsewhere.outcome).toBe('created');
  });

  it('lets a member write only in their own conversation, and only under the entitlement rule', async () => {
    const mine = await member();
    const theirs = await member();
    const { deps, published } = recordingDeps();
    const contact = await createContactConversation(db(), '+44 7700 900123');
    for (const conversationId of [theirs.conversationId, contact]) {
      expect(
        await postMessage(deps, { conversationId, author: { kind: 'member', userId: mine.id }, text: 'Not mine' }),
      ).toEqual({ outcome: 'refused', reason: 'not_allowed' });
    }
    expect(
      await postMessage(deps, {
        conversationId: crypto.randomUUID(),
        author: { kind: 'member', userId: mine.id },
        text: 'Nowhere',
      }),
    ).toEqual({ outcome: 'refused', reason: 'no_conversation' });
    // An author kind this code does not know never writes.
    expect(
      await postMessage(deps, {
        conversationId: mine.conversationId,
        author: { kind: 'robot' } as unknown as MessageAuthor,
        text: 'Beep',
      }),
    ).toEqual({ outcome: 'refused', reason: 'not_allowed' });

    // A free member whose trial conversation ended long ago.
    const lapsed = await member({ beta: false });
    await db()
      .update(profiles)
      .set({ trialConversationsUsed: 1, trialConversationStartedAt: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(profiles.id, lapsed.id));
    expect(
      await postMessage(deps, {
        conversationId: lapsed.conversationId,
        author: { kind: 'member', userId: lapsed.id },
        text: 'Still there?',
      }),
    ).toEqual({ outcome: 'refused', reason: 'not_entitled' });
    expect(await messagesIn(lapsed.conversationId)).toEqual([]);
    expect(await messagesIn(theirs.conversationId)).toEqual([]);
    expect(published).toEqual([]);
  });

  it('lets a coach, an automation and the system write in any conversation, a contact’s too', async () => {
    const coach = await member();
    const contact = await createContactConversation(db(), null);
    const { deps } = recordingDeps();
    const authors: MessageAuthor[] = [{ kind: 'coach', userId: coach.id }, { kind: 'automation' }, { kind: 'system' }];
    for (const author of authors) {
      const result = await postMessage(deps, { conversationId: contact, author, text: `From ${author.kind}` });
      expect(result).toMatchObject({
        outcome: 'created',
        message: { author: author.kind, member_id: null, is_admin_message: true, sender_left: false },
      });
    }
    const rows = await messagesIn(contact);
    expect(rows.map((r) => [r.authorKind, r.senderId])).toEqual([
      ['coach', coach.id],
      ['automation', null],
      ['system', null],
    ]);
  });

  it('stores a message from another channel once per provider id', async () => {
    const contact = await createContactConversation(db(), 'Dee');
    const { deps, published } = recordingDeps();
    const inbound = () =>
      postMessage(deps, {
        conversationId: contact,
        author: { kind: 'system' },
        text: 'A voice note',
        channel: 'whatsapp',
        type: 'audio',
        media: { mime_type: 'audio/ogg' },
        externalId: 'wamid.1',
        status: 'delivered',
      });
    const first = await inbound();
    const retried = await inbound();
    expect(first).toMatchObject({ outcome: 'created', message: { channel: 'whatsapp', type: 'audio' } });
    expect(retried.outcome).toBe('existing');
    expect((await messagesIn(contact)).length).toBe(1);
    expect(published).toHaveLength(1);
  });
});
