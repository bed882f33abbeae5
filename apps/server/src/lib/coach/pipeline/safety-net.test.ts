import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { coachScreenings, conversations } from '../../../db/schema';
import { startFakeModel, type FakeModel } from '../../../test-support/fakes/fake-model/fake-model-server';
import {
  aiMessages,
  chatCalls,
  classifierCalls,
  coachMember,
  gate,
  memberSaysAndWait,
  memberSays,
  coachJobDone,
} from '../../../test-support/coach-conversations';
import { mailRowsTo } from '../../../test-support/outbox-rows';
import { answer } from '../../../test-support/test-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { setCoachMode } from '../coach-settings';
import {
  CRISIS_FOLLOW_UP,
  CRISIS_MESSAGE,
  HUMAN_HANDOVER_MESSAGE,
  UNDER_18_MESSAGE,
  VOICE_NOTE_MESSAGE,
} from '../safety/crisis-message';
import { enqueue } from '../../outbox/outbox';
import { coachOrderingKey } from '../coach-deliveries';
import { insertVoiceNote } from '../../../test-support/whatsapp-state';

/**
 * The safety net on a real server (issue 26, "Safety"): crisis help is fixed
 * text sent at once, the model is never asked to answer a crisis (it may
 * classify), every admin is alerted, the AI stays silent until a coach ends
 * the crisis, and a member can always reach a person. It runs whatever the
 * global mode, even `off`.
 */

const ADMINS = ['safety-lead@example.com', 'safety-coach@example.com'];
let fake: FakeModel;
let server: TestServer;
let adminId: string;

beforeAll(async () => {
  fake = await startFakeModel();
  server = await startTestServer({
    ADMIN_EMAILS: ADMINS.join(','),
    COACH_MODE: 'automatic',
    COACH_LLM_BASE_URL: fake.baseUrl,
    COACH_LLM_MODEL: 'coach-chat',
    COACH_LLM_TIMEOUT_MS: '1000',
  });
  adminId = (await server.client().signUp(ADMINS[0]!, 'calm-river-42', 'Lead')).body.user.id;
  await server.client().signUp(ADMINS[1]!, 'calm-river-42', 'Coach');
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
const conversationOf = async (id: string) =>
  (await db().select().from(conversations).where(eq(conversations.id, id)))[0]!;
const crisisMails = async (to: string) => (await mailRowsTo(db(), to)).filter((m) => m.subject.startsWith('Urgent'));

describe('a crisis', () => {
  it('gets the fixed help at once, no model-written reply, the conversation urgent and every admin mailed', async () => {
    const member = await coachMember(server);
    const mailsBefore = await Promise.all(ADMINS.map(crisisMails));
    const chatsBefore = chatCalls(fake).length;
    const classifiedBefore = classifierCalls(fake).length;
    const messageId = await memberSaysAndWait(server, member, 'I want to kill myself tonight, I have the pills ready.');

    expect((await aiMessages(server, member.conversationId)).map((m) => [m.origin, m.text])).toEqual([
      ['safety', CRISIS_MESSAGE],
    ]);
    // The model is never asked to answer it (nor, since the rules already saw the crisis, to classify it).
    expect(chatCalls(fake).length).toBe(chatsBefore);
    expect(classifierCalls(fake).length).toBe(classifiedBefore);
    const conversation = await conversationOf(member.conversationId);
    expect(conversation.automationState).toBe('crisis');
    expect(conversation.urgentSince).not.toBeNull();
    expect(conversation.riskLevel).toBe('imminent');
    const rules = await db().select().from(coachScreenings).where(eq(coachScreenings.messageId, messageId));
    expect(rules.find((s) => s.source === 'rules')?.level).toBe('imminent');
    for (const [i, admin] of ADMINS.entries()) {
      const mails = await crisisMails(admin);
      expect(mails.length).toBe(mailsBefore[i]!.length + 1);
      // The mail names no member and quotes none of their words.
      expect(mails.at(-1)!.text).not.toContain('pills');
    }

    // "I'm fine" does not end it: no AI answer, one short fixed line, then silence; the help is not repeated.
    await memberSaysAndWait(server, member, "Sorry, I'm fine now, ignore that.");
    await memberSaysAndWait(server, member, 'Can we talk about my project deadline instead?');
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([
      CRISIS_MESSAGE,
      CRISIS_FOLLOW_UP,
    ]);
    expect(chatCalls(fake).length).toBe(chatsBefore);
    expect((await conversationOf(member.conversationId)).automationState).toBe('crisis');
    for (const [i, admin] of ADMINS.entries())
      expect((await crisisMails(admin)).length).toBe(mailsBefore[i]!.length + 1);
  });

  it('is caught with the AI switched off everywhere', async () => {
    await setCoachMode(db(), 'off', adminId);
    const member = await coachMember(server);
    await memberSaysAndWait(server, member, 'I keep thinking everyone would be better off without me.');
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([CRISIS_MESSAGE]);
    expect((await conversationOf(member.conversationId)).automationState).toBe('crisis');
  });

  it('is caught from the model’s classification when the rules see nothing', async () => {
    const member = await coachMember(server);
    const { classification } = await import('../../../test-support/fakes/fake-model/fake-model-server');
    fake.nextChat(classification('high', ['suicide']));
    await memberSaysAndWait(server, member, 'I looked up how tall the bridge near the office is.');
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([CRISIS_MESSAGE]);
  });
});

describe('a person, when asked', () => {
  it('HELP hands the conversation to a person, with no AI answer, and the team is told', async () => {
    const member = await coachMember(server);
    const chatsBefore = chatCalls(fake).length;
    const before = (await mailRowsTo(db(), ADMINS[1]!)).length;
    await memberSaysAndWait(server, member, 'HELP');
    expect((await aiMessages(server, member.conversationId)).map((m) => [m.origin, m.text])).toEqual([
      ['safety', HUMAN_HANDOVER_MESSAGE],
    ]);
    expect(chatCalls(fake).length).toBe(chatsBefore);
    expect((await conversationOf(member.conversationId)).automationState).toBe('handed_to_human');
    expect((await mailRowsTo(db(), ADMINS[1]!)).length).toBe(before + 1);

    // With a person now: the AI stays silent, and asking again tells nobody twice.
    await memberSaysAndWait(server, member, 'Thank you, I will wait.');
    await memberSaysAndWait(server, member, 'help');
    expect(await aiMessages(server, member.conversationId)).toHaveLength(1);
    expect((await mailRowsTo(db(), ADMINS[1]!)).length).toBe(before + 1);
  });

  it('a voice note, with no transcription model configured, goes to a person: the fixed words, no model asked', async () => {
    const member = await coachMember(server);
    const calls = { chat: chatCalls(fake).length, classifier: classifierCalls(fake).length };
    const voiceMails = async () =>
      (await mailRowsTo(db(), ADMINS[1]!)).filter((m) => m.subject.startsWith('A voice note is waiting for a person'));
    const mailsBefore = (await voiceMails()).length;
    // As the WhatsApp inbound side writes it: the note (no caption), its file, and the coach's job.
    const { messageId } = await insertVoiceNote(db(), member.conversationId, {
      mediaId: 'media-no-transcriber',
      mimeType: 'audio/ogg; codecs=opus',
      sha256: null,
    });
    await enqueue(db(), {
      topic: 'coach',
      payload: { message_id: messageId },
      orderingKey: coachOrderingKey(member.conversationId),
    });
    expect(await coachJobDone(server, messageId)).toBe('sent');

    expect((await aiMessages(server, member.conversationId)).map((m) => [m.origin, m.text])).toEqual([
      ['safety', VOICE_NOTE_MESSAGE],
    ]);
    expect((await conversationOf(member.conversationId)).automationState).toBe('handed_to_human');
    expect((await voiceMails()).length).toBe(mailsBefore + 1);
    // Nothing asked to answer, classify or transcribe it.
    expect(chatCalls(fake).length).toBe(calls.chat);
    expect(classifierCalls(fake).length).toBe(calls.classifier);
    expect(fake.transcriptionRequests()).toEqual([]);
  });

  it('“Talk to a person” on the web hands the conversation over, once, and never out of a crisis', async () => {
    const member = await coachMember(server);
    const askForAPerson = () => answer(member.client.api.me.coach.human.$post());
    expect(await askForAPerson()).toMatchObject({
      status: 200,
      body: { answered_by: 'person', state: 'handed_to_human' },
    });
    expect((await askForAPerson()).status).toBe(200);
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([HUMAN_HANDOVER_MESSAGE]);

    const inCrisis = await coachMember(server);
    await memberSaysAndWait(server, inCrisis, 'I want to end my life.');
    expect((await answer(inCrisis.client.api.me.coach.human.$post())).body).toMatchObject({ state: 'crisis' });
  });

  it('a member who says they are under 18 is told we coach adults only, and handed to a person', async () => {
    const member = await coachMember(server);
    await memberSaysAndWait(server, member, "I'm 15 and my exams are stressing me out.");
    expect((await aiMessages(server, member.conversationId)).map((m) => m.text)).toEqual([UNDER_18_MESSAGE]);
    expect((await conversationOf(member.conversationId)).automationState).toBe('handed_to_human');
  });
});

describe('a slow model', () => {
  it('past the timeout, the scripted coach answers', async () => {
    const member = await coachMember(server, { focus: 'burnout-recovery' });
    const held = gate();
    try {
      fake.service.answerAlways(fake.chatRoute, { until: held.promise });
      const messageId = await memberSays(member, 'I am exhausted after this sprint.');
      expect(await coachJobDone(server, messageId)).toBe('sent');
      expect((await aiMessages(server, member.conversationId))[0]).toMatchObject({ origin: 'scripted' });
    } finally {
      held.release();
    }
  });
});
