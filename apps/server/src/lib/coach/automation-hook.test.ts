import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { CoachAutomationEvent } from '@app/shared';
import { betaSeats, coachingTones, focusAreas, outbox, profiles } from '../../db/schema';
import { memberConversationId } from '../chat/conversations';
import { postMessage, type MessageAuthor } from '../chat/post-message';
import { DEFAULT_OUTBOX_SETTINGS } from '../outbox/worker';
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from '../../test-support/fakes/fake-webhook-receiver';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { waitFor } from '../../test-support/wait-for';
import { automationHookDelivery } from './automation-hook';
import { setCoachMode } from './coach-settings';
import { changeAutomationStateIn } from './conversation-state';

const SECRET = `whsec_${Buffer.from('the outside coach shares this 32-byte key').toString('base64')}`;
const TOKEN = 'a-token-for-the-outside-coach-of-32-chars-or-more';
const FAST_RETRIES = { ...DEFAULT_OUTBOX_SETTINGS.retry, baseDelayMs: 100, maxDelayMs: 400, jitter: 0 };

let server: TestServer;
let receiver: FakeWebhookReceiver;
let hook: ReturnType<typeof automationHookDelivery>;

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver(SECRET);
  const automation = { url: `${receiver.url}/coach-hook`, secret: SECRET, token: TOKEN };
  server = await startTestServer(
    { COACH_AUTOMATION_URL: automation.url, COACH_AUTOMATION_SECRET: SECRET, COACH_AUTOMATION_TOKEN: TOKEN },
    { outbox: { retry: FAST_RETRIES } },
  );
  hook = automationHookDelivery({ automation, defaultMode: 'automatic' });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const db = () => server.database.db;
let seq = 0;
/** A member with a focus area and a coaching tone, entitled to write, and their conversation. */
async function member(fullName = 'Maya Jones') {
  const client = server.client();
  const id: string = (await client.signUp(`hook-member${++seq}@example.com`, 'calm-river-42', fullName)).body.user.id;
  await db().insert(betaSeats).values({ userId: id });
  const [area] = await db().select().from(focusAreas).limit(1);
  const [tone] = await db().select().from(coachingTones).limit(1);
  await db().update(profiles).set({ focusAreaId: area!.id, coachingToneId: tone!.id }).where(eq(profiles.id, id));
  return { id, conversationId: await memberConversationId(db(), id), focusArea: area!.label, tone: tone!.title };
}

/** Writes a message as the pipeline will, with the hook among its deliveries. */
async function post(conversationId: string, author: MessageAuthor, text: string) {
  const result = await postMessage(
    { db: db(), realtime: server.realtime },
    { conversationId, author, text, deliveries: [hook] },
  );
  if (result.outcome !== 'created') throw new Error(`not written: ${JSON.stringify(result)}`);
  return result.message;
}

/** The coach hooks queued for a conversation: written with the message, so present (or not) once it commits. */
const hookRows = (conversationId: string) =>
  db()
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.topic, 'webhook'),
        sql`${outbox.payload} ->> 'destination' = 'coach'`,
        sql`${outbox.payload} -> 'body' ->> 'conversation_id' = ${conversationId}`,
      ),
    );
const receivedFor = (messageId: string) =>
  receiver.received().filter((r) => (r.body as CoachAutomationEvent | undefined)?.message.id === messageId);

describe('the outside coach’s hook', () => {
  it('posts a member’s message with their context, signed per Standard Webhooks', async () => {
    const m = await member();
    const message = await post(m.conversationId, { kind: 'member', userId: m.id }, 'My review is on Friday');
    const [hit] = await waitFor(() => receivedFor(message.id).length > 0 && receivedFor(message.id), 'the hook');
    expect(hit!.signatureValid).toBe(true);
    const [row] = await hookRows(m.conversationId);
    expect(hit!.headers['webhook-id']).toBe(row!.id);
    expect(hit!.body).toEqual({
      type: 'member_message',
      conversation_id: m.conversationId,
      message: {
        id: message.id,
        text: 'My review is on Friday',
        type: 'text',
        channel: 'web',
        created_at: message.created_at,
      },
      conversation: { state: 'on', channel: 'web', risk_level: 'none' },
      member: { first_name: 'Maya', focus_area: m.focusArea, coaching_tone: m.tone },
    } satisfies CoachAutomationEvent);
    expect(receiver.service.calls.at(-1)!.route).toBe('POST /coach-hook');
  });

  it('keeps its webhook-id across retries, each attempt signed afresh', async () => {
    const m = await member();
    receiver.service.answerNext('POST /coach-hook', { status: 503 });
    const message = await post(m.conversationId, { kind: 'member', userId: m.id }, 'Second try');
    const hits = await waitFor(() => receivedFor(message.id).length >= 2 && receivedFor(message.id), 'the retry');
    const [row] = await waitFor(async () => {
      const rows = await hookRows(m.conversationId);
      return rows[0]?.status === 'sent' && rows;
    }, 'the hook delivered');
    expect(hits.map((h) => h.headers['webhook-id'])).toEqual([row!.id, row!.id]);
    expect(hits.every((h) => h.signatureValid)).toBe(true);
    expect(row!.attempts).toBe(2);
  });

  it('never posts the team side’s messages (a coach, the AI, the automation’s own, the system): no loops', async () => {
    const m = await member();
    const coach = await member('Cole Coach');
    const authors: MessageAuthor[] = [{ kind: 'coach', userId: coach.id }, { kind: 'automation' }, { kind: 'system' }];
    for (const author of authors) await post(m.conversationId, author, `from ${author.kind}`);
    expect(await hookRows(m.conversationId)).toEqual([]);
  });

  it('shares nothing while the conversation is not the automation’s to answer, or the AI is off', async () => {
    const coach = await member('Cole Coach');
    for (const state of ['paused', 'handed_to_human', 'crisis'] as const) {
      const m = await member();
      await changeAutomationStateIn(db(), { conversationId: m.conversationId, to: state, changedBy: null });
      await post(m.conversationId, { kind: 'member', userId: m.id }, `while ${state}`);
      expect(await hookRows(m.conversationId)).toEqual([]);
    }
    const m = await member();
    await setCoachMode(db(), 'off', coach.id);
    try {
      await post(m.conversationId, { kind: 'member', userId: m.id }, 'while off');
      expect(await hookRows(m.conversationId)).toEqual([]);
    } finally {
      await setCoachMode(db(), 'automatic', coach.id);
    }
    // In drafts mode the automation still answers (as a draft for a coach): it is told.
    await setCoachMode(db(), 'drafts', coach.id);
    try {
      await post(m.conversationId, { kind: 'member', userId: m.id }, 'while drafts');
      expect(await hookRows(m.conversationId)).toHaveLength(1);
    } finally {
      await setCoachMode(db(), 'automatic', coach.id);
    }
  });

  it('does nothing without COACH_AUTOMATION_URL', async () => {
    const m = await member();
    const unconfigured = automationHookDelivery({ automation: undefined, defaultMode: 'automatic' });
    const result = await postMessage(
      { db: db(), realtime: server.realtime },
      {
        conversationId: m.conversationId,
        author: { kind: 'member', userId: m.id },
        text: 'nobody outside hears this',
        deliveries: [unconfigured],
      },
    );
    expect(result.outcome).toBe('created');
    expect(await hookRows(m.conversationId)).toEqual([]);
  });
});
