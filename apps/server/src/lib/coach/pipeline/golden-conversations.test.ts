import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  coachDrafts,
  coachNotes,
  coachScreenings,
  coachUsage,
  conversations,
  outbox,
  profiles,
  userReflections,
} from '../../../db/schema';
import {
  classification,
  contentFilter,
  DEFAULT_COACH_REPLY,
  rateLimited,
  refusal,
  reply,
  serverError,
  startFakeModel,
  type FakeModel,
} from '../../../test-support/fakes/fake-model/fake-model-server';
import {
  aiMessages,
  chatCalls,
  classifierCalls,
  coachJobDone,
  coachMember,
  gate,
  memberSays,
  memberSaysAndWait,
} from '../../../test-support/coach-conversations';
import { mailRowsTo } from '../../../test-support/outbox-rows';
import { answer, type TestClient } from '../../../test-support/test-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { waitFor } from '../../../test-support/wait-for';
import { insertMessages } from '../../../test-support/messages';
import { setCoachMode } from '../coach-settings';
import { sendAutomationReply } from '../send-automation-reply';
import { todaysPrompt } from '../../content/todays-prompt';
import { CHECK_IN } from '../coach-context';
import { AI_DISCLOSURE, ARE_YOU_HUMAN_REPLY } from '../disclosure';
import { limitReachedReply } from '../scripted-coach';

/**
 * Golden conversations (issue 26): the whole pipeline on a real server and
 * database, against the local fake model. Each test waits for the message's
 * coach job to be done, never for time; races (a coach taking over while the
 * model answers) are played in a chosen order by holding the fake's answer.
 */

let fake: FakeModel;
let server: TestServer;
let admin: TestClient;
let adminId: string;

beforeAll(async () => {
  fake = await startFakeModel();
  server = await startTestServer({
    ADMIN_EMAILS: 'golden-coach@example.com',
    COACH_MODE: 'automatic',
    COACH_LLM_BASE_URL: fake.baseUrl,
    COACH_LLM_MODEL: 'coach-chat',
    COACH_LLM_CLASSIFIER_MODEL: 'coach-classifier',
    COACH_LLM_TIMEOUT_MS: '10000',
  });
  admin = server.client();
  adminId = (await admin.signUp('golden-coach@example.com', 'calm-river-42', 'Coach')).body.user.id;
});
afterEach(async () => {
  fake.service.reset();
  await setCoachMode(server.database.db, 'automatic', adminId);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const db = () => server.database.db;
const lastChatCall = () => chatCalls(fake).at(-1)!;
const allText = (request: Record<string, any>) => JSON.stringify(request.messages);
const stateOf = async (conversationId: string) =>
  (await db().select().from(conversations).where(eq(conversations.id, conversationId)))[0]!;
const adminReplies = (conversationId: string, message: string) =>
  answer(
    admin.api.admin.conversations[':conversationId'].messages.$post({ param: { conversationId }, json: { message } }),
  );

describe('the context the model is given', () => {
  it('holds the member’s focus area, tone, today’s prompt, reflections, summary, notes and last turns, and nobody else’s', async () => {
    const other = await coachMember(server, { focus: 'leadership' });
    await db().insert(userReflections).values({ userId: other.id, reflectionText: 'OTHER MEMBER SECRET reflection' });
    await db().insert(coachNotes).values({ memberId: other.id, text: 'OTHER MEMBER SECRET note' });

    const mia = await coachMember(server, { focus: 'burnout-recovery', tone: 'gentle' });
    await db().insert(userReflections).values({ userId: mia.id, reflectionText: 'Walking at lunch helped me reset.' });
    await db().insert(coachNotes).values({ memberId: mia.id, text: 'Prefers mornings for hard tasks' });
    await db()
      .update(conversations)
      .set({ coachSummary: 'Mia is rebuilding energy after a busy quarter.' })
      .where(eq(conversations.id, mia.conversationId));

    await memberSaysAndWait(server, mia, 'My performance review is on Friday and I keep dreading it.');

    const request = lastChatCall();
    expect(request.model).toBe('coach-chat');
    expect(request.max_tokens).toBeLessThanOrEqual(300);
    const [system, memory, ...turns] = request.messages as { role: string; content: string }[];
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('Burnout Recovery');
    expect(system!.content).toContain('Gentle Guide');
    const prompt = await todaysPrompt(db(), await focusAreaId(mia.id), new Date());
    expect(system!.content).toContain(prompt!.title);
    // The member's own words are never in the system prompt.
    expect(system!.content).not.toContain('dreading');
    expect(memory).toMatchObject({ role: 'user' });
    expect(memory!.content).toContain('Walking at lunch helped me reset.');
    expect(memory!.content).toContain('Mia is rebuilding energy after a busy quarter.');
    expect(memory!.content).toContain('Prefers mornings for hard tasks');
    expect(turns.at(-1)).toEqual({
      role: 'user',
      content: 'My performance review is on Friday and I keep dreading it.',
    });
    expect(allText(request)).not.toContain('OTHER MEMBER SECRET');

    // The classifier saw the message on its own model, and said none.
    expect(classifierCalls(fake).at(-1)!.model).toBe('coach-classifier');
    const [first] = await aiMessages(server, mia.conversationId);
    expect(first).toMatchObject({ origin: 'model', text: `${AI_DISCLOSURE} ${DEFAULT_COACH_REPLY}` });

    // Within three hours the AI does not introduce itself again; the last turns now include its answer.
    await memberSaysAndWait(server, mia, 'Thanks, I will try writing down what went well.');
    const second = (await aiMessages(server, mia.conversationId))[1]!;
    expect(second.text).toBe(DEFAULT_COACH_REPLY);
    const secondTurns = lastChatCall().messages.slice(2);
    expect(secondTurns.map((t: { role: string }) => t.role)).toEqual(['user', 'assistant', 'user']);
  });

  it('the classifier reads the new message with this conversation’s last turns, bounded, and nobody else’s', async () => {
    const other = await coachMember(server);
    await insertMessages(db(), { senderId: other.id, message: 'OTHER MEMBER SECRET turn' });
    const member = await coachMember(server);
    const start = Date.now() - 60 * 60_000;
    await insertMessages(db(), [
      ...Array.from({ length: 7 }, (_, i) => ({
        senderId: member.id,
        message: `Earlier turn ${i + 1} ${i === 6 ? 'y'.repeat(700) : ''}`.trim(),
        createdAt: new Date(start + i * 60_000),
      })),
      {
        senderId: null,
        isAdminMessage: true,
        recipientId: member.id,
        message: 'Coach turn: how are you sleeping?',
        createdAt: new Date(start + 10 * 60_000),
      },
    ]);
    await memberSaysAndWait(server, member, 'I have been putting my affairs in order this week.');

    const [system, user] = classifierCalls(fake).at(-1)!.messages as { role: string; content: string }[];
    expect(system!.role).toBe('system');
    expect(user!.role).toBe('user');
    // The six turns before the new message, oldest first; older ones left out; each cut short.
    expect(user!.content).not.toContain('Earlier turn 1 ');
    expect(user!.content).not.toContain('Earlier turn 2');
    for (const n of [3, 4, 5, 6]) expect(user!.content).toContain(`Member: Earlier turn ${n}`);
    expect(user!.content).toContain(`Member: Earlier turn 7 ${'y'.repeat(500 - 'Earlier turn 7 '.length)}\n`);
    expect(user!.content).not.toContain('y'.repeat(500));
    expect(user!.content).toContain('Coach: Coach turn: how are you sleeping?');
    expect(user!.content.indexOf('Earlier turn 3')).toBeLessThan(user!.content.indexOf('Coach turn'));
    expect(
      user!.content.endsWith('The new message to classify:\nI have been putting my affairs in order this week.'),
    ).toBe(true);
    // Only this member's conversation: nothing of anyone else's.
    expect(JSON.stringify(classifierCalls(fake))).not.toContain('OTHER MEMBER SECRET');
  });

  it('a message screened as a concern is coached with a check-in first, and the conversation flagged', async () => {
    const member = await coachMember(server);
    fake.nextChat(classification('concern'));
    await memberSaysAndWait(server, member, 'Some days I just feel numb at my desk.');
    expect(lastChatCall().messages[0].content).toContain(CHECK_IN);
    expect(await stateOf(member.conversationId)).toMatchObject({ riskLevel: 'concern', automationState: 'on' });
    expect((await aiMessages(server, member.conversationId))[0]).toMatchObject({ origin: 'model' });
  });

  it('asked whether it is a bot, answers with the fixed words, not the model’s', async () => {
    const member = await coachMember(server);
    const before = chatCalls(fake).length;
    await memberSaysAndWait(server, member, 'Wait, are you a real person?');
    expect(chatCalls(fake).length).toBe(before);
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([ARE_YOU_HUMAN_REPLY]);
  });
});

describe('when the model fails, the scripted coach answers', () => {
  it('429s until the retries run out', async () => {
    const member = await coachMember(server, { focus: 'confidence' });
    fake.nextChat(
      classification('none'),
      rateLimited(0, { retryAfterMs: 1 }),
      rateLimited(0, { retryAfterMs: 1 }),
      rateLimited(0, { retryAfterMs: 1 }),
    );
    await memberSaysAndWait(server, member, 'I froze when my manager asked me a question in the meeting.');
    expect((await aiMessages(server, member.conversationId))[0]).toMatchObject({ origin: 'scripted' });
  });

  it('500s', async () => {
    const member = await coachMember(server);
    fake.nextChat(classification('none'), serverError(), serverError(), serverError());
    await memberSaysAndWait(server, member, 'Work has been relentless this month.');
    const [answered] = await aiMessages(server, member.conversationId);
    expect(answered!.origin).toBe('scripted');
    expect(answered!.text.startsWith(AI_DISCLOSURE)).toBe(true);
  });

  it.each([
    ['a refusal', () => refusal()],
    ['a content filter', () => contentFilter('prompt')],
  ])('%s: scripted answer, and the conversation flagged with a concern', async (_what, declined) => {
    const member = await coachMember(server);
    const reviewMails = async () =>
      (await mailRowsTo(db(), 'golden-coach@example.com')).filter((m) => m.subject.includes('flagged for review'));
    const mailsBefore = (await reviewMails()).length;
    fake.nextChat(classification('none'), declined());
    const messageId = await memberSaysAndWait(server, member, 'Everything at work feels heavy lately.');
    expect((await aiMessages(server, member.conversationId))[0]).toMatchObject({ origin: 'scripted' });
    const screenings = await db().select().from(coachScreenings).where(eq(coachScreenings.messageId, messageId));
    expect(screenings.find((s) => s.source === 'model')).toMatchObject({ level: 'concern' });
    const conversation = await stateOf(member.conversationId);
    expect(conversation).toMatchObject({ riskLevel: 'concern', automationState: 'on', urgentSince: null });
    expect((await reviewMails()).length).toBe(mailsBefore + 1);
  });

  it('an answer that fails the reply check', async () => {
    const member = await coachMember(server);
    fake.nextChat(
      classification('none'),
      reply('You clearly have depression. Try increasing your dose of sertraline to 100mg.'),
    );
    await memberSaysAndWait(server, member, 'I feel flat every morning before work.');
    const [answered] = await aiMessages(server, member.conversationId);
    expect(answered!.origin).toBe('scripted');
    expect(answered!.text).not.toMatch(/depression|sertraline/);
  });
});

describe('coaches stay in control', () => {
  it('a coach who answers while the model is writing is never talked over, and the AI pauses', async () => {
    const member = await coachMember(server);
    const held = gate();
    fake.nextChat(classification('none'), { ...reply('The AI would have said this.'), until: held.promise });
    const messageId = await memberSays(member, 'Can someone help me plan my week?');
    await waitFor(() => chatCalls(fake).some((r) => allText(r).includes('plan my week')), 'the chat call');
    expect((await adminReplies(member.conversationId, 'Hi, Sam from the team here.')).status).toBe(201);
    held.release();
    await coachJobDone(server, messageId);
    expect(await aiMessages(server, member.conversationId)).toEqual([]);
    expect((await stateOf(member.conversationId)).automationState).toBe('paused');

    // Paused: the next message gets no AI answer (and no model chat call).
    const calls = chatCalls(fake).length;
    await memberSaysAndWait(server, member, 'Thanks Sam!');
    expect(chatCalls(fake).length).toBe(calls);
    expect(await aiMessages(server, member.conversationId)).toEqual([]);
  });

  it('the kill switch, turned while the model is answering, stops the answer', async () => {
    const member = await coachMember(server);
    const held = gate();
    fake.nextChat(classification('none'), { ...reply('Too late.'), until: held.promise });
    const messageId = await memberSays(member, 'I have too many deadlines at once.');
    await waitFor(() => chatCalls(fake).some((r) => allText(r).includes('too many deadlines')), 'the chat call');
    await setCoachMode(db(), 'off', adminId);
    held.release();
    await coachJobDone(server, messageId);
    expect(await aiMessages(server, member.conversationId)).toEqual([]);
  });

  it('drafts mode: the answer waits as a draft, nothing is sent', async () => {
    await setCoachMode(db(), 'drafts', adminId);
    const member = await coachMember(server);
    await memberSaysAndWait(server, member, 'How do I say no to extra work politely?');
    expect(await aiMessages(server, member.conversationId)).toEqual([]);
    const drafts = await db().select().from(coachDrafts).where(eq(coachDrafts.conversationId, member.conversationId));
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({ status: 'pending', text: `${AI_DISCLOSURE} ${DEFAULT_COACH_REPLY}` });
  });
});

describe('limits', () => {
  it('over the day’s replies, the scripted coach says so kindly and offers a person; no model chat call', async () => {
    const member = await coachMember(server);
    await db().insert(coachUsage).values({ memberId: member.id, day: today(), replies: 60 });
    const calls = chatCalls(fake).length;
    await memberSaysAndWait(server, member, 'One more question about my presentation.');
    await memberSaysAndWait(server, member, 'And another one.');
    expect(chatCalls(fake).length).toBe(calls);
    // Said once a day, not after every message.
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([limitReachedReply('day')]);
  });

  it('over the month’s token budget, the scripted coach answers in the model’s place', async () => {
    const spender = await coachMember(server);
    await db().insert(coachUsage).values({ memberId: spender.id, day: today(), promptTokens: 5_000_000 });
    try {
      const member = await coachMember(server);
      const calls = chatCalls(fake).length;
      await memberSaysAndWait(server, member, 'My team lead keeps changing priorities.');
      expect(chatCalls(fake).length).toBe(calls);
      expect((await aiMessages(server, member.conversationId))[0]).toMatchObject({ origin: 'scripted' });
    } finally {
      await db().delete(coachUsage).where(eq(coachUsage.memberId, spender.id));
    }
  });

  it('records the replies and tokens of each answer', async () => {
    const member = await coachMember(server);
    await memberSaysAndWait(server, member, 'I want to feel less tired after work.');
    const [usage] = await db().select().from(coachUsage).where(eq(coachUsage.memberId, member.id));
    expect(usage).toMatchObject({ replies: 1 });
    expect(usage!.completionTokens).toBeGreaterThan(0);
  });
});

describe('each message once', () => {
  it('a job run again for the same message screens and answers nothing more', async () => {
    const member = await coachMember(server);
    const messageId = await memberSaysAndWait(server, member, 'I keep replaying a meeting that went badly.');
    const calls = fake.chatRequests().length;
    await db()
      .update(outbox)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(and(eq(outbox.topic, 'coach'), sql`${outbox.payload} ->> 'message_id' = ${messageId}`));
    expect(await coachJobDone(server, messageId)).toBe('sent');
    expect(await aiMessages(server, member.conversationId)).toHaveLength(1);
    expect(fake.chatRequests().length).toBe(calls);
    const screenings = await db().select().from(coachScreenings).where(eq(coachScreenings.messageId, messageId));
    expect(screenings.map((s) => s.source).sort()).toEqual(['model', 'rules']);
  });
});

describe('the rolling summary', () => {
  it('is refreshed by a separate call after ten member messages', async () => {
    const member = await coachMember(server);
    await insertMessages(
      db(),
      Array.from({ length: 9 }, (_, i) => ({ senderId: member.id, message: `Earlier worry number ${i + 1}` })),
    );
    fake.nextChat(
      classification('none'),
      reply('Try a ten-minute walk after lunch.'),
      reply('Member is working on breaks.'),
    );
    await memberSaysAndWait(server, member, 'Lunch breaks keep getting skipped.');
    const summaryCall = fake.chatRequests().at(-1)!;
    expect(summaryCall.messages[0].content).toContain('running summary');
    expect(summaryCall.messages[1].content).toContain('Earlier worry number 1');
    expect((await stateOf(member.conversationId)).coachSummary).toBe('Member is working on breaks.');
  });
});

describe('the per-minute limit', () => {
  it('holds: over it, a kind note instead of an answer', async () => {
    const member = await coachMember(server);
    for (let i = 0; i < 6; i++) {
      await sendAutomationReply(
        { db: db(), realtime: server.realtime, whatsapp: server.whatsapp, defaultMode: 'automatic' },
        { conversationId: member.conversationId, text: `Earlier answer ${i}`, origin: 'scripted', gate: 'safety' },
      );
    }
    const calls = chatCalls(fake).length;
    await memberSaysAndWait(server, member, 'Another quick thought.');
    expect(chatCalls(fake).length).toBe(calls);
    expect((await aiMessages(server, member.conversationId)).at(-1)!.text).toBe(limitReachedReply('minute'));
  });
});

async function focusAreaId(memberId: string) {
  const [row] = await db().select({ id: profiles.focusAreaId }).from(profiles).where(eq(profiles.id, memberId));
  return row?.id ?? null;
}

const today = () => new Date().toISOString().slice(0, 10);
