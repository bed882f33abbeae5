import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { conversationChannel } from '@app/shared';
import { chatMessages, inboundEvents, mediaFiles, outbox } from '../../../db/schema';
import { postMessage } from '../../chat/post-message';
import { DEFAULT_OUTBOX_SETTINGS } from '../../outbox/worker';
import { newWamid, type WebhookUpdate } from '../../../test-support/fakes/fake-whatsapp/webhook-sender';
import { RealtimeTestClient } from '../../../test-support/realtime-client';
import type { TestClient } from '../../../test-support/test-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { waitFor } from '../../../test-support/wait-for';
import { whatsappInboundKit } from '../../../test-support/whatsapp-inbound';
import { STATUS_WAITS_FOR_ITS_MESSAGE_MS } from './statuses';

/**
 * What the `whatsapp` processor makes of each kind of update (decision 056):
 * message kinds, media left pending for the fetch, reactions, number
 * changes, and the receipts of our messages whatever their order. Driven
 * through the real webhook with signed bodies; the tests wait for the ledger.
 */

const server: TestServer = await startTestServer(
  { ADMIN_EMAILS: 'wa-kinds-coach@example.com' },
  {
    outbox: { retry: { ...DEFAULT_OUTBOX_SETTINGS.retry, baseDelayMs: 50, maxDelayMs: 200, jitter: 0 } },
    // The fetch of media is the whatsapp_media deliverer's (media.test.ts): here the files stay pending.
    outboxTopicsLeftAlone: ['whatsapp_media'],
  },
);
const { sender, processed, processedCount, deliverOne, deliver, person, wamidOf, messageOf, contactOf, messagesIn } =
  whatsappInboundKit(server);
const db = server.database.db;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  admin = server.client();
  adminId = (await admin.signUp('wa-kinds-coach@example.com', 'calm-river-42', 'Coach')).body.user.id;
});
afterAll(() => server.close());

/** A contact who wrote once, and a coach's reply to them that went out on WhatsApp with this id. */
async function conversationWithReply(name: string) {
  const who = person(name);
  await deliverOne(sender.text(who, 'Hello coach'));
  const conversationId = (await contactOf(who))!.conversationId!;
  const wamid = newWamid();
  const result = await postMessage(
    { db, realtime: server.realtime },
    {
      conversationId,
      author: { kind: 'coach', userId: adminId },
      text: 'How was your week?',
      channel: 'whatsapp',
      externalId: wamid,
      status: 'sent',
    },
  );
  if (result.outcome !== 'created') throw new Error('reply not written');
  return { who, conversationId, wamid, messageId: result.message.id };
}

const row = async (id: string) => (await db.select().from(chatMessages).where(eq(chatMessages.id, id)))[0]!;
const at = (seconds: number) => String(seconds);

describe('message kinds', () => {
  it('keeps every kind: voice notes and images pending their fetch, replies as text, the rest as unsupported', async () => {
    const who = person('Kinds');
    const voice = sender.audio(who, { id: 'media-voice-1', sha256: 'c2hhMjU2LW9mLXRoZS12b2ljZQ==' });
    const audioFile = sender.audio(who, { id: 'media-audio-2', voice: false, mimeType: 'audio/mpeg' });
    const image = sender.image(who, { id: 'media-image-3', caption: 'My walk 🌳' });
    const bareImage = sender.image(who, { id: 'media-image-4' });
    const button = sender.button(who, 'Yes, let’s talk');
    const listReply = sender.interactive(who, 'list_reply', 'Tuesday morning');
    const buttonReply = sender.interactive(who, 'button_reply', 'Not now');
    const location = sender.unsupported(who, 'location');
    const unknown = sender.unsupported(who, 'unsupported');
    await deliver([[[voice, audioFile, image, bareImage, button, listReply, buttonReply, location, unknown]]]);

    const conversationId = (await contactOf(who))!.conversationId!;
    const stored = await messagesIn(conversationId);
    expect(stored.map((m) => [m.messageType, m.message])).toEqual([
      ['audio', ''],
      ['audio', ''],
      ['image', 'My walk 🌳'],
      ['image', ''],
      ['text', 'Yes, let’s talk'],
      ['text', 'Tuesday morning'],
      ['text', 'Not now'],
      ['other', 'Unsupported message'],
      ['other', 'Unsupported message'],
    ]);
    expect(stored.every((m) => m.channel === 'whatsapp' && m.authorKind === 'member')).toBe(true);
    expect(stored[7]!.media).toEqual({ provider_type: 'location' });
    expect(stored[8]!.media).toEqual({ provider_type: 'unsupported' });

    // Media: the message names a pending file of ours; the file row and its fetch were written with it.
    const voiceMessage = (await messageOf(wamidOf(voice)))!;
    expect(voiceMessage.media).toEqual({
      file_id: expect.any(String),
      status: 'pending',
      mime_type: 'audio/ogg; codecs=opus',
      voice: true,
    });
    const fileId = voiceMessage.media!.file_id!;
    expect((await db.select().from(mediaFiles).where(eq(mediaFiles.id, fileId)))[0]).toMatchObject({
      messageId: voiceMessage.id,
      providerMediaId: 'media-voice-1',
      mimeType: 'audio/ogg; codecs=opus',
      sha256: 'c2hhMjU2LW9mLXRoZS12b2ljZQ==',
      status: 'pending',
      content: null,
    });
    const fetches = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'whatsapp_media'), sql`${outbox.payload} ->> 'file_id' = ${fileId}`));
    expect(fetches).toHaveLength(1);
    expect((await messageOf(wamidOf(audioFile)))!.media).toMatchObject({ voice: false, mime_type: 'audio/mpeg' });
    expect((await messageOf(wamidOf(image)))!.media).toMatchObject({ caption: 'My walk 🌳', status: 'pending' });

    // The admin's page shows them with their media, pending (no address to play yet).
    const page = await admin.get(`/api/admin/conversations/${conversationId}/messages`);
    const voiceDto = page.body.messages.find((m: { id: string }) => m.id === voiceMessage.id);
    expect(voiceDto).toMatchObject({
      channel: 'whatsapp',
      type: 'audio',
      media: { url: null, status: 'pending', voice: true, mime_type: 'audio/ogg; codecs=opus' },
    });
  });

  it('moves the 24-hour window by WhatsApp’s clock, never back for a late redelivery', async () => {
    const who = person('Window');
    const now = Math.floor(Date.now() / 1000);
    const latest = sender.text(who, 'latest', { timestamp: at(now - 60) });
    await deliverOne(latest);
    await deliverOne(sender.text(who, 'an old one, redelivered', { timestamp: at(now - 3600) }));
    expect(await contactOf(who)).toMatchObject({
      lastInboundAt: new Date((now - 60) * 1000),
      lastInboundExternalId: wamidOf(latest),
    });
  });

  it('follows a number change, and says so in the conversation', async () => {
    const who = person('Changer');
    await deliverOne(sender.text(who, 'Before the change'));
    const contact = (await contactOf(who))!;
    const newNumber = person('new').waId!;
    await deliverOne(sender.numberChange(who.waId!, newNumber));
    expect(await contactOf({ waId: newNumber })).toMatchObject({ id: contact.id, phone: newNumber });
    expect((await messagesIn(contact.conversationId!)).map((m) => [m.authorKind, m.message])).toEqual([
      ['member', 'Before the change'],
      ['system', `WhatsApp number changed from +${who.waId} to +${newNumber}.`],
    ]);
    // Messages from the new number land in the same conversation.
    const after = sender.text({ waId: newNumber, name: 'Changer' }, 'From my new number');
    await deliverOne(after);
    expect((await messageOf(wamidOf(after)))!.conversationId).toBe(contact.conversationId);
  });
});

describe('reactions', () => {
  it('sets and removes a reaction on our message, tells the conversation, and ignores one to a message we do not know', async () => {
    const { who, conversationId, wamid, messageId } = await conversationWithReply('Reactor');
    const socket = await RealtimeTestClient.connect(server.url, { cookie: admin.cookieHeader() });
    try {
      await socket.join(conversationChannel(conversationId));
      await deliverOne(sender.reaction(who, wamid, '❤️'));
      expect((await row(messageId)).reaction).toBe('❤️');
      const frame = await socket.next(
        (f) => f.type === 'message' && f.message.id === messageId && f.message.reaction === '❤️',
        'the reacted message again',
      );
      expect(frame).toBeDefined();

      await deliverOne(sender.reaction(who, wamid, null));
      expect((await row(messageId)).reaction).toBeNull();
      await socket.next(
        (f) => f.type === 'message' && f.message.id === messageId && f.message.reaction === null,
        'the message without its reaction',
      );
    } finally {
      socket.close();
    }
    const stray = sender.reaction(who, newWamid(), '👍');
    await deliverOne(stray);
    // No message is written for a reaction.
    expect(await messageOf(wamidOf(stray))).toBeUndefined();
  });
});

describe('statuses of our messages', () => {
  it('never go backwards, whatever order they arrive in; read implies delivered; played is read', async () => {
    const { conversationId, wamid, messageId } = await conversationWithReply('Ticks');
    const socket = await RealtimeTestClient.connect(server.url, { cookie: admin.cookieHeader() });
    const t = Math.floor(Date.now() / 1000);
    try {
      await socket.join(conversationChannel(conversationId));
      // Read arrives first (delivered skipped), then a late delivered and a late sent.
      await deliverOne(sender.status(wamid, 'read', { timestamp: at(t + 20) }));
      const status = await socket.next((f) => f.type === 'message_status' && f.message_id === messageId, 'read tick');
      expect(status).toMatchObject({ status: 'read', at: new Date((t + 20) * 1000).toISOString() });
    } finally {
      socket.close();
    }
    await deliver([
      [
        [
          sender.status(wamid, 'delivered', { timestamp: at(t + 10) }),
          sender.status(wamid, 'sent', { timestamp: at(t) }),
        ],
      ],
    ]);
    expect(await row(messageId)).toMatchObject({
      status: 'read',
      readAt: new Date((t + 20) * 1000),
      deliveredAt: new Date((t + 20) * 1000),
    });
    // A failure after it was read changes nothing: the person has it.
    await deliverOne(sender.status(wamid, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] }));
    expect(await row(messageId)).toMatchObject({ status: 'read', failureReason: null });

    const voice = await conversationWithReply('Played');
    await deliverOne(sender.status(voice.wamid, 'played', { timestamp: at(t + 5) }));
    expect(await row(voice.messageId)).toMatchObject({ status: 'read', readAt: new Date((t + 5) * 1000) });
  });

  it('make failed final, with the code and title; and ignore a status for a message we do not know', async () => {
    const { wamid, messageId } = await conversationWithReply('Failing');
    await deliverOne(sender.status(wamid, 'delivered'));
    const failed = sender.status(wamid, 'failed', {
      errors: [{ code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed' }],
    });
    await deliverOne(failed);
    const stored = await row(messageId);
    expect(stored).toMatchObject({
      status: 'failed',
      failureReason: '131047 Re-engagement message: More than 24 hours have passed',
    });
    expect(stored.failedAt).toBeInstanceOf(Date);
    await deliverOne(sender.status(wamid, 'read'));
    expect((await row(messageId)).status).toBe('failed');

    // Older than the wait for a send to record its id: another sender's message, ignored.
    const longAgo = at(Math.floor((Date.now() - STATUS_WAITS_FOR_ITS_MESSAGE_MS) / 1000) - 60);
    const unknown = sender.status(newWamid(), 'delivered', { timestamp: longAgo });
    const res = await sender.sendOne(unknown);
    expect(res.status).toBe(200);
    await processed([`status:${(unknown as unknown as { status: { id: string } }).status.id}:delivered`]);
    // A repeated receipt is one event: recorded once, nothing queued the second time.
    const repeat = await sender.sendOne(unknown);
    expect(repeat.status).toBe(200);
  });
});

describe('a status that overtakes its message', () => {
  it('is applied once the send has recorded the id Meta gave, not dropped', async () => {
    // The send is still waiting for Meta's answer: the message has no WhatsApp id yet.
    const { conversationId } = await conversationWithReply('Racing');
    const sending = await postMessage(
      { db, realtime: server.realtime },
      {
        conversationId,
        author: { kind: 'coach', userId: adminId },
        text: 'On its way',
        channel: 'whatsapp',
        status: 'pending',
      },
    );
    if (sending.outcome !== 'created') throw new Error('reply not written');
    const wamid = newWamid();
    const delivered = sender.status(wamid, 'delivered');
    expect((await sender.sendOne(delivered)).status).toBe(200);
    // Tried once already, and kept for another attempt rather than dropped.
    await waitFor(async () => {
      const [attempt] = await db
        .select({ lastError: outbox.lastError })
        .from(outbox)
        .where(
          and(eq(outbox.topic, 'inbound'), sql`${outbox.payload} ->> 'event_id' = ${`status:${wamid}:delivered`}`),
        );
      return attempt?.lastError?.includes('before its message') ?? false;
    }, 'the receipt to wait for its message');
    // Meta's answer to the send arrives: the id is recorded, and the waiting receipt applies.
    await db
      .update(chatMessages)
      .set({ externalId: wamid, status: 'sent', sentAt: new Date() })
      .where(eq(chatMessages.id, sending.message.id));
    await processed([`status:${wamid}:delivered`]);
    expect((await row(sending.message.id)).status).toBe('delivered');
  });
});

describe('a full batch', () => {
  it('acknowledges a thousand messages in one signed POST at once, and records each once', async () => {
    const updates: WebhookUpdate[] = Array.from({ length: 1000 }, (_, i) =>
      sender.text(person(`Bulk ${i}`), `Bulk message ${i} — café ☕`),
    );
    const res = await sender.send([[updates.slice(0, 500)], [updates.slice(500)]]);
    expect(res).toEqual({ status: 200, body: { received: true } });
    // The answer does not wait for the processing that starts at once: when it arrives, most of the batch
    // is still to do (a count, not a time, so a busy machine cannot fail it). On PGlite, whose queries run
    // in this thread, that holds because the event loop turns between its statements (pglite-event-loop.ts).
    expect(await processedCount(updates.map((u) => `message:${wamidOf(u)}`))).toBeLessThan(500);
    const [recorded] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(inboundEvents)
      .where(
        and(
          eq(inboundEvents.provider, 'whatsapp'),
          sql`${inboundEvents.eventId} like 'message:%'`,
          sql`${inboundEvents.receivedAt} >= now() - interval '1 minute'`,
        ),
      );
    expect(recorded!.n).toBeGreaterThanOrEqual(1000);
    // Processing goes on in the background; the first ones are already in their conversations.
    await processed(
      updates.slice(0, 20).map((u) => `message:${wamidOf(u)}`),
      20_000,
    );
  });
});
