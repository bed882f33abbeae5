import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { mediaFiles, outbox } from '../../../db/schema';
import { enqueue } from '../../outbox/outbox';
import { DEFAULT_OUTBOX_SETTINGS } from '../../outbox/worker';
import { coachOrderingKey } from '../coach-deliveries';
import { LINK_ACCOUNT_NOTE } from '../scripted-coach';
import { DEFAULT_COACH_REPLY, startFakeModel } from '../../../test-support/fakes/fake-model/fake-model-server';
import {
  aiMessages,
  chatCalls,
  coachJobDone,
  coachMember,
  conversationMessages,
} from '../../../test-support/coach-conversations';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { waitFor } from '../../../test-support/wait-for';
import { whatsappInboundKit } from '../../../test-support/whatsapp-inbound';
import { insertLinkedContact, insertVoiceNote } from '../../../test-support/whatsapp-state';

/**
 * The coach on WhatsApp (decision 057), through the real webhook and the
 * local provider: a linked member's message is answered on WhatsApp, a
 * number linked to nobody is told once how to link it, and a voice note is
 * transcribed once its file is stored (the job waits for it).
 */

const fake = await startFakeModel();
const server: TestServer = await startTestServer(
  {
    COACH_MODE: 'automatic',
    COACH_LLM_BASE_URL: fake.baseUrl,
    COACH_LLM_MODEL: 'coach-chat',
    COACH_LLM_TRANSCRIPTION_MODEL: 'coach-whisper',
  },
  {
    outbox: { retry: { ...DEFAULT_OUTBOX_SETTINGS.retry, baseDelayMs: 50, maxDelayMs: 200, jitter: 0 } },
    // Voice notes' files are stored by the test itself, when it chooses.
    outboxTopicsLeftAlone: ['whatsapp_media'],
  },
);
const { sender, deliverOne, person, wamidOf, messageOf, contactOf } = whatsappInboundKit(server);
const db = server.database.db;
afterAll(async () => {
  await server.close();
  await fake.close();
});

describe('the coach on WhatsApp', () => {
  it('answers a linked member’s message on WhatsApp', async () => {
    const member = await coachMember(server);
    const who = person('Linked Lee');
    await insertLinkedContact(db, member.id, { waId: who.waId, lastInboundAt: new Date() });
    const update = sender.text(who, 'Long day of back-to-back meetings again.');
    await deliverOne(update);
    const stored = await messageOf(wamidOf(update));
    await coachJobDone(server, stored!.id);
    const [answered] = await aiMessages(server, member.conversationId);
    expect(answered).toMatchObject({ origin: 'model', channel: 'whatsapp' });
    expect(answered!.text).toContain(DEFAULT_COACH_REPLY);
  });

  it('tells a number linked to nobody, once, how to link it; no model is asked', async () => {
    const who = person('Stranger Sam');
    const calls = chatCalls(fake).length;
    for (const text of ['Hello?', 'Is anyone there?']) {
      const update = sender.text(who, text);
      await deliverOne(update);
      await coachJobDone(server, (await messageOf(wamidOf(update)))!.id);
    }
    const conversationId = (await contactOf(who))!.conversationId!;
    expect((await aiMessages(server, conversationId)).map((m) => m.text)).toEqual([LINK_ACCOUNT_NOTE]);
    expect(chatCalls(fake).length).toBe(calls);
  });

  it('waits for a voice note’s file, then answers its transcript', async () => {
    const member = await coachMember(server);
    await insertLinkedContact(db, member.id, { lastInboundAt: new Date() });
    const { fileId, messageId } = await insertVoiceNote(db, member.conversationId, {
      mediaId: 'media-1',
      mimeType: 'audio/ogg; codecs=opus',
      sha256: null,
    });
    // The job the inbound side queues with the message (inserted directly here).
    await enqueue(db, {
      topic: 'coach',
      payload: { message_id: messageId },
      orderingKey: coachOrderingKey(member.conversationId),
    });
    fake.transcriptionText = 'My manager moved the deadline up by a week.';
    await waitFor(async () => {
      const [row] = await db
        .select({ lastError: outbox.lastError })
        .from(outbox)
        .where(and(eq(outbox.topic, 'coach'), sql`${outbox.payload} ->> 'message_id' = ${messageId}`));
      return row?.lastError === 'voice note not stored yet';
    }, 'the job to wait for the file');
    await db
      .update(mediaFiles)
      .set({ status: 'stored', content: new Uint8Array([79, 103, 103, 83, 1, 2, 3]) })
      .where(eq(mediaFiles.id, fileId));
    expect(await coachJobDone(server, messageId)).toBe('sent');

    const [upload] = fake.transcriptionRequests();
    expect(upload!.fields.model).toBe('coach-whisper');
    expect(upload!.files.file!.fileName).toBe('voice-note.ogg');
    // The transcript is the member's last turn; the answer follows it.
    const lastTurn = chatCalls(fake).at(-1)!.messages.at(-1);
    expect(lastTurn).toEqual({ role: 'user', content: 'My manager moved the deadline up by a week.' });
    const messages = await conversationMessages(server, member.conversationId);
    expect(messages.at(-1)).toMatchObject({ author: 'automation', origin: 'model' });
  });
});
