import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { greetingWithReference } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, mediaFiles, whatsappLocalMessages } from '../../db/schema';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { contactOfMember } from './contacts';

/**
 * Local mode's WhatsApp under the bridge's outbound side (decision 056): with
 * no WhatsApp settings, the coach's replies, read receipts and voice-note
 * fetches go through the same outbox deliverers as with Meta and end at the
 * local provider, where the /dev/whatsapp phone sees them. The phone writes
 * through the real webhook, signed as Meta signs.
 */
const HOUR = 60 * 60_000;
let server: TestServer;
let admin: TestClient;
let phone: TestClient;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'local-coach@example.com' }, { outbox: { pollIntervalMs: 50 } });
  admin = server.client();
  await admin.signUp('local-coach@example.com', 'calm-river-42', 'Coach');
  phone = server.client();
});
afterAll(() => server.close());

const db = () => server.database.db;
let seq = 0;

/**
 * A member whose WhatsApp is the phone `number`: the phone sends `text` with the member's reference, as a
 * chat link's greeting carries it, through the real webhook; the inbound side links the phone to the member.
 */
async function memberOnThePhone(number: string, text: string) {
  const member = server.client();
  const memberId: string = (await member.signUp(`local-wa${++seq}@example.com`)).body.user.id;
  const { reference } = (await answer(member.api.me.whatsapp.$get())).body;
  const greeting = greetingWithReference(text, reference);
  const sent = await answer(
    phone.api.dev.whatsapp.messages.$post({ json: { phone: number, profile_name: 'Wanda', text: greeting } }),
  );
  expect(sent.status).toBe(200);
  // Processed once the message is stored (the link is made just before it is written).
  await waitFor(async () => {
    const [row] = await db().select().from(chatMessages).where(eq(chatMessages.externalId, sent.body.external_id));
    return row ?? false;
  }, 'the phone’s message to be stored');
  const contact = (await contactOfMember(db(), memberId))!;
  return { memberId, conversationId: contact.conversationId!, contact, greeting };
}
const thread = async (number: string) =>
  (await answer(phone.api.dev.whatsapp.phones[':phone'].$get({ param: { phone: number } }))).body.messages;
const reply = (conversationId: string, message: string) =>
  answer(
    admin.api.admin.conversations[':conversationId'].messages.$post({ param: { conversationId }, json: { message } }),
  );
const settled = (id: string) =>
  waitFor(async () => {
    const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, id));
    return row!.status !== 'pending' && row;
  }, 'the reply to settle');

describe('in local mode, the bridge', () => {
  it('reads the phone’s message and answers it on the phone', async () => {
    const number = '447700900301';
    const { conversationId, greeting } = await memberOnThePhone(number, 'Hi! Where do we begin?');

    // The coach opens the conversation: the phone's message is marked read, as WhatsApp's blue ticks.
    const read = await answer(
      admin.api.admin.conversations[':conversationId'].read.$post({ param: { conversationId } }),
    );
    expect(read.status).toBe(200);
    await waitFor(async () => (await thread(number))[0]?.status === 'read', 'the phone to show its message read');

    const written = await reply(conversationId, 'Welcome, Wanda. One slow breath first. 🌿');
    expect(written.body).toMatchObject({ channel: 'whatsapp', status: 'pending' });
    const row = await settled(written.body.id);
    expect(row).toMatchObject({ status: 'sent', failureReason: null });
    expect((await thread(number)).map((m) => [m.direction, m.text, m.status, m.external_id])).toEqual([
      ['in', greeting, 'read', expect.any(String)],
      ['out', 'Welcome, Wanda. One slow breath first. 🌿', 'sent', row.externalId],
    ]);
  });

  it('keeps a voice note the phone sent, fetched from the provider with its checksum', async () => {
    const number = '447700900302';
    const { conversationId } = await memberOnThePhone(number, 'I will send a voice note');
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 13) % 256));
    const sent = await answer(
      phone.api.dev.whatsapp.messages.$post({
        json: {
          phone: number,
          profile_name: 'Wanda',
          audio: { data: bytes.toString('base64'), mime_type: 'audio/webm; codecs=opus' },
        },
      }),
    );
    // As the inbound side records it from the webhook: the media id and checksum the phone's message carried.
    const [stored] = await db().select().from(whatsappLocalMessages).where(eq(whatsappLocalMessages.id, sent.body.id));
    const audio = (stored!.payload as { message: { audio: { id: string; sha256: string; mime_type: string } } }).message
      .audio;
    expect(audio).toEqual({
      id: sent.body.id,
      mime_type: 'audio/webm; codecs=opus',
      sha256: createHash('sha256').update(bytes).digest('base64'),
      voice: true,
    });
    // The webhook's processor wrote the message with its file pending, and queued the fetch.
    const fileId = await waitFor(async () => {
      const [message] = await db()
        .select()
        .from(chatMessages)
        .where(
          and(eq(chatMessages.externalId, sent.body.external_id), eq(chatMessages.conversationId, conversationId)),
        );
      return message?.media?.file_id ?? false;
    }, 'the voice note to be received');

    const file = await waitFor(async () => {
      const [row] = await db().select().from(mediaFiles).where(eq(mediaFiles.id, fileId));
      return row!.status !== 'pending' && row;
    }, 'the voice note to be fetched');
    expect(file).toMatchObject({ status: 'stored', failureReason: null, sizeBytes: 5000 });
    expect(Buffer.from(file.content!).equals(bytes)).toBe(true);
    const played = await admin.request('GET', `/api/media/${fileId}`);
    expect(played.status).toBe(200);
  });

  it('learns from the provider that the window has closed (131047), whatever our side thought', async () => {
    const number = '447700900303';
    const { conversationId } = await memberOnThePhone(number, 'Hello');
    // The phone's own clock says its last message is 25 hours old; our side believes it recent.
    await db()
      .update(whatsappLocalMessages)
      .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(whatsappLocalMessages.phone, number));

    const written = await reply(conversationId, 'Are you still there?');
    const row = await settled(written.body.id);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/^131047 /);
    expect((await thread(number)).filter((m) => m.direction === 'out')).toEqual([]);
  });
});
