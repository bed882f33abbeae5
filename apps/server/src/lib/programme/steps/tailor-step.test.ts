import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { stepSentence, type FocusAreaDto } from '@app/shared';
import { coachUsage, memberSteps, profiles, stepTemplates } from '../../../db/schema';
import { setCoachMode } from '../../coach/coach-settings';
import {
  refusal,
  reply,
  serverError,
  startFakeModel,
  type FakeModel,
} from '../../../test-support/fakes/fake-model/fake-model-server';
import { answer } from '../../../test-support/test-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { parseIfThen } from './tailor-step';

/**
 * The AI coach may word a step for the member (decision 058) when a model is
 * configured: its words are used only when they are an "If …, then I will …"
 * plan that passes the reply check; otherwise the library's words are. Against
 * the fake model, on a real server.
 */

let fake: FakeModel;
let server: TestServer;
let adminId: string;
let area: FocusAreaDto;

beforeAll(async () => {
  fake = await startFakeModel();
  server = await startTestServer({
    ADMIN_EMAILS: 'tailor-admin@example.com',
    COACH_MODE: 'automatic',
    COACH_LLM_BASE_URL: fake.baseUrl,
    COACH_LLM_MODEL: 'coach-chat',
    COACH_LLM_TIMEOUT_MS: '1000',
  });
  adminId = (await server.client().signUp('tailor-admin@example.com')).body.user.id;
  [area] = (await answer(server.client().api.catalog['focus-areas'].$get())).body as [FocusAreaDto];
});
beforeEach(() => fake.service.reset());
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const db = () => server.database.db;
let seq = 0;
async function startFirstStep(modelAnswer?: Parameters<FakeModel['nextChat']>[0]) {
  const client = server.client();
  const id: string = (await client.signUp(`tailor-member${++seq}@example.com`)).body.user.id;
  await db().update(profiles).set({ focusAreaId: area.id }).where(eq(profiles.id, id));
  if (modelAnswer) fake.nextChat(modelAnswer);
  const { body } = await answer(client.api.me.steps.$post());
  const [row] = await db().select().from(memberSteps).where(eq(memberSteps.id, body.step.id));
  const [template] = await db().select().from(stepTemplates).where(eq(stepTemplates.id, row!.templateId!));
  return { id, step: body.step, template: template! };
}

describe('tailoring a step', () => {
  it('uses the model’s wording when it is an if/then plan that passes the check, and tells the model the step', async () => {
    const { step, template } = await startFirstStep(
      reply('If I sit down with my coffee on Monday, then I will list the three things that matter this week.'),
    );
    expect(step).toMatchObject({
      source: 'ai',
      if_text: 'I sit down with my coffee on Monday',
      then_text: 'list the three things that matter this week',
      size: template.size,
    });
    const [sent] = fake.chatRequests().slice(-1);
    expect(JSON.stringify(sent!.messages)).toContain(
      stepSentence({ if_text: template.ifText, then_text: template.thenText }),
    );
  });

  it.each([
    ['not an if/then plan', reply('Try writing a list of priorities every Monday.')],
    ['a part over 200 characters', reply(`If I start work, then I will ${'breathe slowly and '.repeat(12)}smile.`)],
    ['a reply that fails the check', reply('If I feel hungry at my desk, then I will skip meals to lose weight.')],
    ['a refusal', refusal()],
    ['an error', serverError()],
  ])('keeps the library’s words after %s', async (_, modelAnswer) => {
    const { step, template } = await startFirstStep(modelAnswer);
    expect(step).toMatchObject({ source: 'library', if_text: template.ifText, then_text: template.thenText });
  });

  it('counts the tokens as the coach’s, and asks no model over the month’s token budget', async () => {
    const { id } = await startFirstStep(reply('If I open my inbox, then I will read one message slowly.'));
    const [usage] = await db().select().from(coachUsage).where(eq(coachUsage.memberId, id));
    expect(usage).toMatchObject({ replies: 0 });
    expect(usage!.promptTokens + usage!.completionTokens).toBeGreaterThan(0);

    // The service's budget spent (by anyone): the library's words, and no call.
    await db().update(coachUsage).set({ promptTokens: 1_000_000_000 }).where(eq(coachUsage.memberId, id));
    try {
      const before = fake.chatRequests().length;
      const { step } = await startFirstStep();
      expect(step.source).toBe('library');
      expect(fake.chatRequests().length).toBe(before);
    } finally {
      await db().delete(coachUsage).where(eq(coachUsage.memberId, id));
    }
  });

  it('asks no model while the AI coach is switched off', async () => {
    await setCoachMode(db(), 'off', adminId);
    const before = fake.chatRequests().length;
    const { step } = await startFirstStep();
    expect(step.source).toBe('library');
    expect(fake.chatRequests().length).toBe(before);
    await setCoachMode(db(), 'automatic', adminId);
  });
});

describe('the if/then format', () => {
  it('reads the two parts, with or without the comma and full stop, and nothing else', () => {
    expect(parseIfThen('If I open my laptop, then I will breathe.')).toEqual({
      ifText: 'I open my laptop',
      thenText: 'breathe',
    });
    expect(parseIfThen('“if it is noon then I will walk”')).toEqual({ ifText: 'it is noon', thenText: 'walk' });
    expect(parseIfThen('If I open my laptop, then I will breathe.\nAnd smile.')).toBeNull();
    expect(parseIfThen('When I open my laptop, I will breathe.')).toBeNull();
  });
});
