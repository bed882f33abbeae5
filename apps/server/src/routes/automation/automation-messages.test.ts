import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { betaSeats, chatMessages, coachDrafts } from '../../db/schema';
import { memberConversationId } from '../../lib/chat/conversations';
import { setCoachMode } from '../../lib/coach/coach-settings';
import { changeAutomationStateIn } from '../../lib/coach/conversation-state';
import { checkReply } from '../../lib/coach/safety/reply-check';
import { startFakeWebhookReceiver, type FakeWebhookReceiver } from '../../test-support/fakes/fake-webhook-receiver';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer } from '../../test-support/test-client';

const TOKEN = 'the-outside-coach-answers-with-this-token-0123';
const SECRET = `whsec_${Buffer.from('the outside coach shares this 32-byte key').toString('base64')}`;
const PER_MINUTE = 3;

let server: TestServer;
let receiver: FakeWebhookReceiver;
let adminId: string;

beforeAll(async () => {
  receiver = await startFakeWebhookReceiver(SECRET);
  server = await startTestServer({
    ADMIN_EMAILS: 'automation-admin@example.com',
    COACH_MODE: 'automatic',
    COACH_REPLIES_PER_MINUTE: String(PER_MINUTE),
    COACH_AUTOMATION_URL: `${receiver.url}/coach-hook`,
    COACH_AUTOMATION_SECRET: SECRET,
    COACH_AUTOMATION_TOKEN: TOKEN,
  });
  adminId = (await server.client().signUp('automation-admin@example.com')).body.user.id;
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

const db = () => server.database.db;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const BEARER = { authorization: `Bearer ${TOKEN}` };
const GOOD_ANSWER = 'That sounds like a lot. What is one small thing you could prepare tonight?';

let seq = 0;
/** A member who wrote to the coach: their conversation and their message. */
async function memberWhoWrote(text = 'My review is tomorrow and I cannot sleep') {
  const client = server.client();
  const id: string = (await client.signUp(`automation-member${++seq}@example.com`)).body.user.id;
  await db().insert(betaSeats).values({ userId: id });
  const sent = await answer(client.api.me.messages.$post({ json: { message: text } }));
  return { client, id, conversationId: await memberConversationId(db(), id), messageId: sent.body.id };
}

const answerAs = (body: unknown, headers: Record<string, string> = BEARER) =>
  server.client().post('/api/automation/messages', body, headers);
/**
 * The outside coach's answers stored in a conversation. Only theirs: the
 * member's own message is screened meanwhile, and in a conversation in crisis
 * the safety net sends its fixed help again, whenever that job runs.
 */
const automationMessages = async (conversationId: string) =>
  (await db().select().from(chatMessages).where(eq(chatMessages.conversationId, conversationId))).filter(
    (m) => m.authorKind === 'automation' && m.origin === 'external',
  );

describe('an outside coach’s answer', () => {
  it('is sent while the conversation is the AI’s: labelled as the AI coach, origin external', async () => {
    const m = await memberWhoWrote();
    const res = await answerAs({ conversation_id: m.conversationId, text: GOOD_ANSWER, in_reply_to: m.messageId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ author: 'automation', origin: 'external', message: GOOD_ANSWER });
    const page = await answer(m.client.api.me.messages.$get({ query: {} }));
    expect(page.body.messages.at(-1)).toMatchObject({ message: GOOD_ANSWER, origin: 'external' });
  });

  it.each([
    ['paused', 'The AI is paused in this conversation'],
    ['handed_to_human', 'A person answers this conversation'],
    ['crisis', 'The conversation is in crisis: a person answers'],
  ] as const)('is withheld while the conversation is %s', async (state, reason) => {
    const m = await memberWhoWrote();
    await changeAutomationStateIn(db(), { conversationId: m.conversationId, to: state, changedBy: null });
    const res = await answerAs({ conversation_id: m.conversationId, text: GOOD_ANSWER });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(reason);
    expect(await automationMessages(m.conversationId)).toEqual([]);
  });

  it('is withheld when a coach answered after the member’s message', async () => {
    const m = await memberWhoWrote();
    await db()
      .insert(chatMessages)
      .values({ conversationId: m.conversationId, senderId: adminId, authorKind: 'coach', message: 'I am here.' });
    const res = await answerAs({ conversation_id: m.conversationId, text: GOOD_ANSWER, in_reply_to: m.messageId });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('A coach answered after that message');
    expect(await automationMessages(m.conversationId)).toEqual([]);
  });

  it('is withheld with the AI off, and waits as the draft in drafts mode (replacing the one before)', async () => {
    const m = await memberWhoWrote();
    try {
      await setCoachMode(db(), 'off', adminId);
      const off = await answerAs({ conversation_id: m.conversationId, text: GOOD_ANSWER });
      expect(off.status).toBe(409);
      expect(off.body.error).toBe('The AI is off');

      await setCoachMode(db(), 'drafts', adminId);
      const first = await answerAs({
        conversation_id: m.conversationId,
        text: 'First draft',
        in_reply_to: m.messageId,
      });
      expect(first.status).toBe(202);
      expect(first.body).toMatchObject({ text: 'First draft', reply_to_message_id: m.messageId });
      const second = await answerAs({ conversation_id: m.conversationId, text: 'Second draft' });
      expect(second.status).toBe(202);
      const drafts = await db().select().from(coachDrafts).where(eq(coachDrafts.conversationId, m.conversationId));
      expect(drafts.map((d) => [d.text, d.status]).sort()).toEqual([
        ['First draft', 'discarded'],
        ['Second draft', 'pending'],
      ]);
      expect(await automationMessages(m.conversationId)).toEqual([]);
    } finally {
      await setCoachMode(db(), 'automatic', adminId);
    }
  });

  it('is refused with the reasons when it fails the reply check', async () => {
    const m = await memberWhoWrote();
    const unsafe = 'You have clinical depression; take 50 mg of sertraline every morning.';
    const verdict = checkReply(unsafe);
    expect(verdict.ok).toBe(false);
    const res = await answerAs({ conversation_id: m.conversationId, text: unsafe });
    expect(res.status).toBe(422);
    expect(res.body.fieldErrors.text).toEqual(verdict.ok ? [] : [...verdict.reasons]);
    expect(await automationMessages(m.conversationId)).toEqual([]);
  });

  it('needs the bearer token', async () => {
    const m = await memberWhoWrote();
    const body = { conversation_id: m.conversationId, text: GOOD_ANSWER };
    expect((await answerAs(body, {})).status).toBe(401);
    expect((await answerAs(body, { authorization: `Bearer ${TOKEN}x` })).status).toBe(401);
    expect((await answerAs(body, { authorization: TOKEN })).status).toBe(401);
    expect((await answerAs(body, { authorization: 'Bearer ' })).status).toBe(401);
    // A member's or an admin's session is no token.
    expect((await m.client.post('/api/automation/messages', body)).status).toBe(401);
    expect(await automationMessages(m.conversationId)).toEqual([]);
  });

  it('answers 400 for bad input and 404 for an unknown conversation, never a 5xx', async () => {
    const m = await memberWhoWrote();
    const other = await memberWhoWrote();
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ conversation_id: 'nope', text: GOOD_ANSWER }, 400],
      [{ conversation_id: m.conversationId, text: '   ' }, 400],
      [{ conversation_id: m.conversationId, text: 'x'.repeat(100_000) }, 413],
      [{ conversation_id: m.conversationId, text: GOOD_ANSWER, extra: true }, 400],
      [{ conversation_id: m.conversationId, text: GOOD_ANSWER, in_reply_to: 'nope' }, 400],
      // Another conversation's message is not one this answers.
      [{ conversation_id: m.conversationId, text: GOOD_ANSWER, in_reply_to: other.messageId }, 400],
      [{ conversation_id: UNKNOWN_ID, text: GOOD_ANSWER }, 404],
      ['{"conversation_id":', 400],
    ];
    for (const [body, status] of cases) expect([body, (await answerAs(body)).status]).toEqual([body, status]);
    expect(await automationMessages(m.conversationId)).toEqual([]);
  });

  it('is limited per conversation, as the AI’s own answers are', async () => {
    const m = await memberWhoWrote();
    for (let i = 0; i < PER_MINUTE; i++) {
      expect((await answerAs({ conversation_id: m.conversationId, text: `${GOOD_ANSWER} ${i}` })).status).toBe(201);
    }
    const limited = await answerAs({ conversation_id: m.conversationId, text: GOOD_ANSWER });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('without COACH_AUTOMATION_URL', () => {
  it('is not there', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain
        .client()
        .post('/api/automation/messages', { conversation_id: UNKNOWN_ID, text: 'hi' }, BEARER);
      expect(res.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
