import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { betaSeats, chatMessages, outbox, whatsappContacts } from '../../../db/schema';
import { captureLogs, LOG_LEVEL } from '../../../test-support/captured-logs';
import {
  FAKE_WHATSAPP_ENV,
  graphError,
  startFakeGraphApi,
  type FakeGraphApi,
} from '../../../test-support/fakes/fake-whatsapp/graph-api';
import { answer, type TestClient } from '../../../test-support/test-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { waitFor } from '../../../test-support/wait-for';
import { insertInboundMessage, insertLinkedContact } from '../../../test-support/whatsapp-state';
import { enqueue } from '../../outbox/outbox';
import { DEFAULT_OUTBOX_SETTINGS, startOutboxWorker } from '../../outbox/worker';
import { loadConfig } from '../../../env';
import { createGraphClient } from '../graph-client';
import { RETRY_REFUSALS } from './coach-replies';
import { OUTCOME_UNKNOWN_REASON, whatsappDeliverer } from './whatsapp-deliveries';
import { sendAutomationReply } from '../../coach/send-automation-reply';

/**
 * A coach's reply to WhatsApp, end to end on the server: the reply route
 * writes the message and its delivery, the outbox worker sends it to a fake
 * Graph API (Meta's behaviour: the 24-hour window, the pair rate, its error
 * objects), and the message's status follows. The contacts are written
 * directly (test-support/whatsapp-state.ts); once the webhook exists, their
 * "last message" can come through it.
 */

const HOUR = 60 * 60_000;
/** Short waits, and three attempts before giving up, so "retries ran out" takes moments. */
const RETRY = { baseDelayMs: 50, maxDelayMs: 200, jitter: 0, maxAttempts: 3, giveUpAfterMs: 10 * 60_000 };
/** A lease shorter than a delayed send: a second worker may claim a row while its send is under way. */
const LEASE_MS = 300;

let fake: FakeGraphApi;
let server: TestServer;
let admin: TestClient;
const logs = captureLogs();

beforeAll(async () => {
  fake = await startFakeGraphApi();
  server = await startTestServer(
    {
      ...FAKE_WHATSAPP_ENV,
      WHATSAPP_GRAPH_API_URL: fake.url,
      WHATSAPP_REPLY_TEMPLATE: 'reply_waiting:en_GB',
      ADMIN_EMAILS: 'coach@example.com',
    },
    { logger: logs.logger, outbox: { pollIntervalMs: 50, leaseMs: LEASE_MS, retry: RETRY } },
  );
  admin = server.client();
  await admin.signUp('coach@example.com', 'calm-river-42', 'Coach');
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.service.reset();
});

const db = () => server.database.db;
let seq = 0;

/**
 * A member whose WhatsApp contact last wrote `hoursAgo` hours ago, as our
 * database knows it; WhatsApp (the fake) knows the same unless told
 * `metaHoursAgo` (a message our side has not seen the time of).
 */
async function memberOnWhatsApp(
  hoursAgo = 1,
  contact: { bsuid?: string; waId?: string | null } = {},
  metaHoursAgo = hoursAgo,
) {
  const client = server.client();
  const id: string = (await client.signUp(`wa${++seq}-${Date.now()}@example.com`, 'calm-river-42', 'Wanda')).body.user
    .id;
  await db().insert(betaSeats).values({ userId: id });
  const lastInboundAt = new Date(Date.now() - hoursAgo * HOUR);
  const row = await insertLinkedContact(db(), id, { ...contact, lastInboundAt });
  fake.receivedFrom(row.waId ?? row.bsuid!, new Date(Date.now() - metaHoursAgo * HOUR));
  return { client, id, contact: row, conversationId: row.conversationId, recipient: row.waId ?? row.bsuid! };
}

const reply = (conversationId: string, message: string) =>
  answer(
    admin.api.admin.conversations[':conversationId'].messages.$post({ param: { conversationId }, json: { message } }),
  );
const retry = (conversationId: string, messageId: string) =>
  answer(
    admin.api.admin.conversations[':conversationId'].messages[':messageId'].retry.$post({
      param: { conversationId, messageId },
    }),
  );
const typing = (conversationId: string) =>
  answer(admin.api.admin.conversations[':conversationId'].typing.$post({ param: { conversationId } }));
const markRead = (conversationId: string) =>
  answer(admin.api.admin.conversations[':conversationId'].read.$post({ param: { conversationId } }));

async function messageRow(id: string) {
  const [row] = await db().select().from(chatMessages).where(eq(chatMessages.id, id));
  return row!;
}
const settled = (id: string) =>
  waitFor(async () => {
    const row = await messageRow(id);
    return row.status !== 'pending' && row;
  }, 'the reply to settle');
/** The free-form sends the fake received for one person (accepted or not). */
const sendsTo = (recipient: string) =>
  fake
    .messageRequests()
    .filter((r) => r.body?.type === 'text' && (r.body.to === `+${recipient}` || r.body.recipient === recipient));
const whatsappRows = (contactId: string) =>
  db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.topic, 'whatsapp'), sql`${outbox.payload} ->> 'contact_id' = ${contactId}`))
    .orderBy(outbox.seq);

describe('a reply inside the 24-hour window', () => {
  it('goes to WhatsApp once: pending, then sent with the id Meta gave', async () => {
    const { conversationId, recipient } = await memberOnWhatsApp(2);
    const written = await reply(conversationId, 'Lovely to hear from you – how was the walk? 🌿');
    expect(written.status).toBe(201);
    expect(written.body).toMatchObject({ channel: 'whatsapp', status: 'pending', author: 'coach' });

    const row = await settled(written.body.id);
    const [accepted] = fake.accepted.filter((m) => m.recipient === recipient);
    expect(row).toMatchObject({ status: 'sent', externalId: accepted!.id, failureReason: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    const sends = sendsTo(recipient);
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      authorization: `Bearer ${FAKE_WHATSAPP_ENV.WHATSAPP_ACCESS_TOKEN}`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: `+${recipient}`,
        type: 'text',
        text: { preview_url: false, body: 'Lovely to hear from you – how was the walk? 🌿' },
      },
    });
    // The admin's page shows it sent.
    const page = await answer(
      admin.api.admin.conversations[':conversationId'].messages.$get({ param: { conversationId }, query: {} }),
    );
    expect(page.body.messages.at(-1)).toMatchObject({ id: written.body.id, status: 'sent', channel: 'whatsapp' });
  });

  it('says on the phone when the AI coach wrote it; a coach’s words go as written', async () => {
    const { conversationId, recipient } = await memberOnWhatsApp(1);
    const sent = await sendAutomationReply(
      { db: db(), realtime: server.realtime, whatsapp: server.whatsapp, defaultMode: 'automatic' },
      { conversationId, text: 'One slow breath before the meeting?', origin: 'scripted', gate: 'safety' },
    );
    if (sent.outcome !== 'sent') throw new Error(`not sent: ${sent.reason}`);
    expect(sent.message).toMatchObject({ channel: 'whatsapp', author: 'automation' });
    expect((await settled(sent.message.id)).status).toBe('sent');
    const [send] = sendsTo(recipient);
    expect(send!.body!.text.body).toBe('*AI coach:* One slow breath before the meeting?');
    // Stored as written: our own screens label it themselves.
    expect((await messageRow(sent.message.id)).message).toBe('One slow breath before the meeting?');
  });

  it('goes to a contact known only by its business-scoped id as `recipient`, never `to`', async () => {
    const { conversationId, recipient } = await memberOnWhatsApp(1, { waId: null, bsuid: `GB.${Date.now()}${++seq}` });
    const written = await reply(conversationId, 'Hello there');
    expect((await settled(written.body.id)).status).toBe('sent');
    const [send] = sendsTo(recipient);
    expect(send!.body).toMatchObject({ recipient_type: 'individual', recipient });
    expect(send!.body).not.toHaveProperty('to');
  });

  it('is sent once when a second worker claims it while the first is still waiting for Meta', async () => {
    const { conversationId, recipient, contact } = await memberOnWhatsApp(1);
    // Meta takes longer than the lease: the row is free to claim again while the send is under way.
    fake.service.answerNext(fake.messagesRoute, { delayMs: LEASE_MS * 4 });
    const settings = loadConfig({ ...FAKE_WHATSAPP_ENV, WHATSAPP_GRAPH_API_URL: fake.url }).whatsapp;
    if (settings.mode !== 'cloud') throw new Error('the fake’s settings make a cloud bridge');
    const silent = captureLogs('silent').logger;
    const second = startOutboxWorker({
      db: db(),
      deliverers: {
        whatsapp: whatsappDeliverer({
          db: db(),
          api: createGraphClient(settings, silent),
          replyTemplate: null,
          programmeTemplate: null,
          publish: async () => {},
          logger: silent,
        }),
      },
      logger: silent,
      settings: { ...DEFAULT_OUTBOX_SETTINGS, pollIntervalMs: 20, leaseMs: LEASE_MS, retry: RETRY },
    });
    try {
      const written = await reply(conversationId, 'Only once, please');
      await waitFor(
        async () => (await whatsappRows(contact.id))[0]!.attempts >= 2,
        'a second claim while the send is under way',
      );
      expect((await settled(written.body.id)).status).toBe('sent');
      await waitFor(async () => (await whatsappRows(contact.id))[0]!.status === 'sent', 'the delivery recorded');
      expect(sendsTo(recipient)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('is not sent again when an earlier attempt started sending and was lost (outcome unknown): failed, saying so', async () => {
    const { conversationId, contact, recipient } = await memberOnWhatsApp(1);
    // A crashed worker's row: its send started a minute ago and recorded nothing.
    const [message] = await db()
      .insert(chatMessages)
      .values({ conversationId, authorKind: 'coach', channel: 'whatsapp', status: 'pending', message: 'Lost?' })
      .returning();
    await enqueue(db(), {
      topic: 'whatsapp',
      payload: {
        kind: 'reply',
        message_id: message!.id,
        contact_id: contact.id,
        send_started_at: new Date(Date.now() - 60_000).toISOString(),
      },
      orderingKey: `whatsapp:${contact.id}`,
    });
    const row = await settled(message!.id);
    expect(row).toMatchObject({ status: 'failed', failureReason: OUTCOME_UNKNOWN_REASON });
    expect(sendsTo(recipient)).toHaveLength(0);
  });
});

describe('failures', () => {
  it('retries after a 500 and a rate limit (130429), then sends', async () => {
    const { conversationId, recipient } = await memberOnWhatsApp(1);
    fake.service.answerNext(fake.messagesRoute, graphError(131000), graphError(130429));
    const written = await reply(conversationId, 'Third time lucky');
    const row = await settled(written.body.id);
    expect(row.status).toBe('sent');
    expect(sendsTo(recipient)).toHaveLength(3);
    expect(fake.accepted.filter((m) => m.recipient === recipient)).toHaveLength(1);
  });

  it('does not send again after a connection dropped with the request sent: failed, and the coach decides', async () => {
    const { conversationId, recipient } = await memberOnWhatsApp(1);
    fake.service.answerNext(fake.messagesRoute, { drop: true });
    const written = await reply(conversationId, 'Did this arrive?');
    expect(await settled(written.body.id)).toMatchObject({ status: 'failed', failureReason: OUTCOME_UNKNOWN_REASON });
    expect(sendsTo(recipient)).toHaveLength(1);
    // The coach's retry sends it.
    expect((await retry(conversationId, written.body.id)).status).toBe(200);
    expect((await settled(written.body.id)).status).toBe('sent');
    expect(sendsTo(recipient)).toHaveLength(2);
  });

  it('marks the reply failed with the reason once retries run out, and the coach can send it again', async () => {
    const { conversationId, recipient } = await memberOnWhatsApp(1);
    fake.service.answerAlways(fake.messagesRoute, graphError(131000));
    const written = await reply(conversationId, 'Are you there?');
    const failed = await settled(written.body.id);
    expect(failed).toMatchObject({
      status: 'failed',
      failureReason: '131000 Something went wrong: Something went wrong',
    });
    expect(failed.failedAt).toBeInstanceOf(Date);
    expect(sendsTo(recipient)).toHaveLength(RETRY.maxAttempts);

    fake.service.reset();
    const again = await retry(conversationId, written.body.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: written.body.id, status: 'pending', failure_reason: null });
    expect((await settled(written.body.id)).status).toBe('sent');
    expect(sendsTo(recipient)).toHaveLength(RETRY.maxAttempts + 1);
    // Only a failed WhatsApp reply can be sent again.
    expect((await retry(conversationId, written.body.id)).error).toEqual({ error: RETRY_REFUSALS.notFailed });
  });

  it('never retries 131026 or 131047; a 131047 reported by WhatsApp is authoritative', async () => {
    const undeliverable = await memberOnWhatsApp(1);
    fake.service.answerNext(fake.messagesRoute, graphError(131026));
    const first = await reply(undeliverable.conversationId, 'Hello?');
    expect(await settled(first.body.id)).toMatchObject({
      status: 'failed',
      failureReason: '131026 Message undeliverable: Message undeliverable',
    });
    expect(sendsTo(undeliverable.recipient)).toHaveLength(1);

    // Our database thinks the window is open (23 h); WhatsApp's clock says 25 h: it refuses.
    const closedForMeta = await memberOnWhatsApp(23, {}, 25);
    const second = await reply(closedForMeta.conversationId, 'Too late?');
    const failed = await settled(second.body.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(
      /^131047 Re-engagement message: Message failed to send because more than 24 hours/,
    );
    expect(sendsTo(closedForMeta.recipient)).toHaveLength(1);

    // Once our database knows it too, a retry is refused with a clear reason (409), and nothing is queued.
    await db()
      .update(whatsappContacts)
      .set({ lastInboundAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(whatsappContacts.id, closedForMeta.contact.id));
    const refused = await retry(closedForMeta.conversationId, second.body.id);
    expect(refused.status).toBe(409);
    expect(refused.error).toEqual({ error: RETRY_REFUSALS.windowClosed });
  });

  it('backs off from the pair rate limit (131056) as Meta says, then sends', async () => {
    const { conversationId, recipient } = await memberOnWhatsApp(1);
    fake.service.answerNext(fake.messagesRoute, graphError(131056));
    const written = await reply(conversationId, 'Slow down');
    expect((await settled(written.body.id)).status).toBe('sent');
    const calls = fake.service.calls.filter(
      (c) => c.route === fake.messagesRoute && c.request.body?.to === `+${recipient}`,
    );
    expect(calls).toHaveLength(2);
    // 4^0 s after the first refusal, not the policy's 50 ms.
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it('logs an alert when WhatsApp refuses the token (401), and fails the reply', async () => {
    const { conversationId } = await memberOnWhatsApp(1);
    fake.service.answerNext(fake.messagesRoute, graphError(190, { status: 401 }));
    const written = await reply(conversationId, 'Token?');
    expect((await settled(written.body.id)).failureReason).toMatch(/^190 /);
    const alert = await logs.waitFor((e) => e.alert === 'whatsapp_token_rejected');
    expect(alert).toMatchObject({ level: LOG_LEVEL.error, source: 'send', code: 190 });
    expect(alert.fbtraceId).toMatch(/^AFakeTrace/);
  });
});

describe('outside the window', () => {
  it('keeps the reply in the web chat, sends nothing free-form, and sends the template once per closed window', async () => {
    const { conversationId, recipient, contact } = await memberOnWhatsApp(30);
    const first = await reply(conversationId, 'Here when you are ready');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ channel: 'web', status: 'sent' });
    const second = await reply(conversationId, 'And one more thought');
    expect(second.body).toMatchObject({ channel: 'web', status: 'sent' });

    const template = await waitFor(
      () => fake.accepted.find((m) => m.recipient === recipient && m.type === 'template'),
      'the template',
    );
    expect(template.template).toEqual({ name: 'reply_waiting', language: 'en_GB' });
    const rows = await whatsappRows(contact.id);
    expect(rows.map((r) => r.payload.kind)).toEqual(['template']);
    expect(sendsTo(recipient)).toHaveLength(0);

    // The person writes again: the window is open, the next reply goes to WhatsApp.
    const now = new Date();
    await db().update(whatsappContacts).set({ lastInboundAt: now }).where(eq(whatsappContacts.id, contact.id));
    fake.receivedFrom(recipient, now);
    const third = await reply(conversationId, 'Welcome back');
    expect(third.body).toMatchObject({ channel: 'whatsapp', status: 'pending' });
    expect((await settled(third.body.id)).status).toBe('sent');
  });
});

describe('while the coach works', () => {
  it('marks the person’s messages read on WhatsApp when the coach opens the conversation', async () => {
    const { conversationId, contact } = await memberOnWhatsApp(1);
    await insertInboundMessage(db(), conversationId, 'Hi coach', contact.lastInboundExternalId!);
    expect((await markRead(conversationId)).body).toEqual({ marked: 1 });
    await waitFor(
      () => fake.readReceipts.find((r) => r.messageId === contact.lastInboundExternalId && !r.typing),
      'the read receipt',
    );
    // Nothing left unread: no second receipt.
    expect((await markRead(conversationId)).body).toEqual({ marked: 0 });
    const rows = await whatsappRows(contact.id);
    expect(rows.map((r) => [r.payload.kind, r.payload.typing, r.orderingKey])).toEqual([['mark_read', false, null]]);
  });

  it('shows the typing indicator at most once per 20 s, only while the window is open', async () => {
    const open = await memberOnWhatsApp(1);
    expect((await typing(open.conversationId)).status).toBe(202);
    expect((await typing(open.conversationId)).status).toBe(204);
    await waitFor(
      () => fake.readReceipts.find((r) => r.messageId === open.contact.lastInboundExternalId && r.typing),
      'the typing indicator',
    );
    expect(fake.readReceipts.filter((r) => r.messageId === open.contact.lastInboundExternalId)).toHaveLength(1);

    const closed = await memberOnWhatsApp(25);
    expect((await typing(closed.conversationId)).status).toBe(204);
    expect(await whatsappRows(closed.contact.id)).toEqual([]);

    const unknown = await typing('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });
});
