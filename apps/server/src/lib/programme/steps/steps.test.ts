import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  GENERAL_STEPS,
  STEP_ACCEPTED_MESSAGE,
  STEP_OFFER_LINES,
  STEP_PICK_FOCUS_LINE,
  stepSentence,
  type FocusAreaDto,
  type StepDto,
} from '@app/shared';
import { chatMessages, conversations, memberSteps, profiles, stepTemplates } from '../../../db/schema';
import { loadConfig } from '../../../env';
import { answer, type TestClient } from '../../../test-support/test-client';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { composeStepReminder } from './step-reminder';

/**
 * Step tasks on a real server (decision 058): offering a first step, the
 * member's answers and what follows each (a smaller step after a miss, another
 * of the same size after a swap, no repeats), the messages in the member's
 * conversation, the errors, who may see what, and the reminder composer.
 */

let server: TestServer;
let admin: TestClient;
let areas: FocusAreaDto[];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'steps-admin@example.com' });
  admin = server.client();
  await admin.signUp('steps-admin@example.com');
  areas = (await answer(admin.api.catalog['focus-areas'].$get())).body as FocusAreaDto[];
});
afterAll(() => server.close());

const db = () => server.database.db;
let seq = 0;
async function member(focusAreaId: string | null = areas[0]!.id) {
  const client = server.client();
  const id: string = (await client.signUp(`steps-member${++seq}@example.com`)).body.user.id;
  await db().update(profiles).set({ focusAreaId }).where(eq(profiles.id, id));
  return { client, id };
}

const stepsOf = (client: TestClient) => answer(client.api.me.steps.$get());
const start = (client: TestClient) => answer(client.api.me.steps.$post());
const act = (client: TestClient, stepId: string, action: 'accept' | 'swap' | 'done' | 'not-done') =>
  answer(client.api.me.steps[':stepId'][action].$post({ param: { stepId } }));

/** The automation messages in the member's conversation, oldest first. */
async function stepMessages(memberId: string) {
  return db()
    .select({
      text: chatMessages.message,
      programme: chatMessages.programme,
      origin: chatMessages.origin,
      clientId: chatMessages.clientId,
    })
    .from(chatMessages)
    .innerJoin(conversations, eq(conversations.id, chatMessages.conversationId))
    .where(and(eq(conversations.memberId, memberId), eq(chatMessages.authorKind, 'automation')))
    .orderBy(asc(chatMessages.createdAt));
}

async function libraryOf(focusAreaId: string) {
  return db()
    .select({ if_text: stepTemplates.ifText, then_text: stepTemplates.thenText, size: stepTemplates.size })
    .from(stepTemplates)
    .where(and(eq(stepTemplates.focusAreaId, focusAreaId), eq(stepTemplates.isActive, true)));
}

const textOf = (step: Pick<StepDto, 'if_text' | 'then_text'>) => `${step.if_text}|${step.then_text}`;

describe('starting', () => {
  it('offers a regular step from the member’s focus area, posts it in their conversation, and offers only one', async () => {
    const m = await member();
    expect((await stepsOf(m.client)).body).toEqual({ current: null, history: [] });

    const started = await start(m.client);
    expect(started.status).toBe(201);
    const step = started.body.step;
    expect(step).toMatchObject({ status: 'offered', size: 3, source: 'library', focus_area_label: areas[0]!.label });
    expect((await libraryOf(areas[0]!.id)).map(textOf)).toContain(textOf(step));

    const messages = await stepMessages(m.id);
    expect(messages).toEqual([
      {
        text: `${STEP_OFFER_LINES.first}\n\n${stepSentence(step)}\n\nWould you like to take it on?`,
        programme: { kind: 'step', id: step.id },
        origin: 'scripted',
        clientId: `step:${step.id}`,
      },
    ]);

    // Starting again answers the open step and posts nothing more.
    const again = await start(m.client);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ step, created: false });
    expect(await stepMessages(m.id)).toHaveLength(1);
    expect((await stepsOf(m.client)).body).toEqual({ current: step, history: [] });
  });

  it('gives a member without a focus area a general step and invites them to choose one', async () => {
    const m = await member(null);
    const { body } = await start(m.client);
    expect(body.step).toMatchObject({ size: 3, focus_area_label: null, source: 'library' });
    expect(GENERAL_STEPS.map(textOf)).toContain(textOf(body.step));
    const [message] = await stepMessages(m.id);
    expect(message!.text.endsWith(STEP_PICK_FOCUS_LINE)).toBe(true);
  });
});

describe('the member’s answers', () => {
  it('accepts, then after "not done" offers a smaller step, never the same, and after "done" a regular one', async () => {
    const m = await member(areas[1]!.id);
    const first = (await start(m.client)).body.step;

    const accepted = await act(m.client, first.id, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ step: { id: first.id, status: 'accepted' }, next: null });
    expect((await stepMessages(m.id)).at(-1)).toMatchObject({
      text: STEP_ACCEPTED_MESSAGE,
      programme: null,
      clientId: `step:${first.id}:accepted`,
    });

    const missed = await act(m.client, first.id, 'not-done');
    expect(missed.status).toBe(200);
    expect(missed.body.step).toMatchObject({ id: first.id, status: 'not_done', resolved_at: expect.any(String) });
    const smaller = missed.body.next!;
    expect(smaller).toMatchObject({ status: 'offered', size: 2 });
    expect(missed.body.message).toContain(STEP_OFFER_LINES.not_done);
    expect(missed.body.message).not.toMatch(/fail|should have|again\?/i);
    const posted = (await stepMessages(m.id)).at(-1)!;
    expect(posted).toMatchObject({ programme: { kind: 'step', id: smaller.id }, clientId: `step:${smaller.id}` });
    expect(posted.text).toContain(stepSentence(smaller));

    // Missed again: the smallest.
    const smallest = (await act(m.client, smaller.id, 'not-done')).body.next!;
    expect(smallest.size).toBe(1);
    // Missing the smallest keeps it small.
    const stillSmall = (await act(m.client, smallest.id, 'not-done')).body.next!;
    expect(stillSmall.size).toBe(1);

    const done = await act(m.client, stillSmall.id, 'done');
    expect(done.body.step.status).toBe('done');
    expect(done.body.next!.size).toBe(3);
    expect(done.body.message).toContain(STEP_OFFER_LINES.done);
    // Not the regular step they had at first: it was recent.
    expect(textOf(done.body.next!)).not.toBe(textOf(first));

    const { body } = await stepsOf(m.client);
    expect(body.current!.id).toBe(done.body.next!.id);
    expect(body.history.map((s) => [s.id, s.status])).toEqual([
      [stillSmall.id, 'done'],
      [smallest.id, 'not_done'],
      [smaller.id, 'not_done'],
      [first.id, 'not_done'],
    ]);
  });

  it('swaps for another step of the same size, never the one swapped, and repeats none of the recent ones', async () => {
    const m = await member(areas[2]!.id);
    const regulars = (await libraryOf(areas[2]!.id)).filter((t) => t.size === 3).length;
    let step = (await start(m.client)).body.step;
    const seen = [textOf(step)];
    for (let i = 1; i < regulars; i++) {
      const swapped = await act(m.client, step.id, 'swap');
      expect(swapped.status).toBe(200);
      expect(swapped.body.step.status).toBe('swapped');
      expect(swapped.body.message).toContain(STEP_OFFER_LINES.swap);
      step = swapped.body.next!;
      expect(step.size).toBe(3);
      seen.push(textOf(step));
    }
    // Every regular step of the area once, none twice.
    expect(new Set(seen).size).toBe(regulars);
    // With all of them recent, a swap still brings another than the one swapped.
    const once_more = (await act(m.client, step.id, 'swap')).body.next!;
    expect(textOf(once_more)).not.toBe(textOf(step));
    expect(once_more.size).toBe(3);
  });

  it('a swap of the only step of its size offers the nearest smaller size', async () => {
    const m = await member(areas[3]!.id);
    let step = (await start(m.client)).body.step;
    step = (await act(m.client, step.id, 'not-done')).body.next!;
    step = (await act(m.client, step.id, 'not-done')).body.next!;
    expect(step.size).toBe(1);
    const smallestInArea = (await libraryOf(areas[3]!.id)).filter((t) => t.size === 1);
    expect(smallestInArea).toHaveLength(1);
    const swapped = (await act(m.client, step.id, 'swap')).body.next!;
    expect(textOf(swapped)).not.toBe(textOf(step));
  });

  it('answers 409 for a step no longer open and 404 for another member’s or an unknown step', async () => {
    const m = await member();
    const other = await member();
    const step = (await start(m.client)).body.step;
    expect((await act(m.client, step.id, 'accept')).status).toBe(200);
    const twice = await act(m.client, step.id, 'accept');
    expect(twice).toMatchObject({ status: 409, body: { error: 'This step is already accepted' } });
    expect((await act(m.client, step.id, 'done')).status).toBe(200);
    for (const action of ['accept', 'swap', 'done', 'not-done'] as const) {
      expect(await act(m.client, step.id, action)).toMatchObject({
        status: 409,
        body: { error: 'This step is no longer open' },
      });
    }
    const theirs = (await stepsOf(m.client)).body.current!;
    expect(await act(other.client, theirs.id, 'done')).toMatchObject({
      status: 404,
      body: { error: 'Step not found' },
    });
    expect((await stepsOf(m.client)).body.current).toEqual(theirs);
    expect((await act(m.client, '00000000-0000-4000-8000-000000000000', 'done')).status).toBe(404);
    expect((await act(m.client, 'not-a-step', 'done')).status).toBe(400);
  });

  it('two answers at once change the step once', async () => {
    const m = await member();
    const step = (await start(m.client)).body.step;
    const results = await Promise.all([act(m.client, step.id, 'done'), act(m.client, step.id, 'not-done')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const open = await db()
      .select()
      .from(memberSteps)
      .where(and(eq(memberSteps.userId, m.id), eq(memberSteps.status, 'offered')));
    expect(open).toHaveLength(1);
  });
});

describe('who may see and change steps', () => {
  it('is the member for their own, an admin for anyone’s, nobody signed out', async () => {
    const m = await member();
    const step = (await start(m.client)).body.step;
    const anon = server.client();
    expect((await stepsOf(anon)).status).toBe(401);
    expect((await start(anon)).status).toBe(401);
    expect((await act(anon, step.id, 'done')).status).toBe(401);

    const view = (client: TestClient, memberId: string) =>
      answer(client.api.admin.members[':memberId'].steps.$get({ param: { memberId } }));
    expect((await view(m.client, m.id)).status).toBe(403);
    expect((await view(anon, m.id)).status).toBe(401);
    const seen = await view(admin, m.id);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ current: step, history: [] });
    expect(await view(admin, 'nobody')).toMatchObject({ status: 404, body: { error: 'Customer not found' } });
  });
});

describe('the step reminder', () => {
  // The composer's deps, as the programme's delivery passes them; no model, so nothing is tailored.
  const deps = () => ({
    db: db(),
    config: loadConfig({ APP_ENV: 'local', DATA_DIR: 'memory://' }),
    logger: server.logger,
    coachModel: null,
  });
  const item = (userId: string) => ({
    deliveryId: '11111111-1111-4111-8111-111111111111',
    userId,
    kind: 'step_reminder' as const,
    periodKey: '2026-11-27',
    dueAt: new Date(),
  });

  it('offers a first step when none is open, then reminds of the open one with its buttons', async () => {
    const m = await member();
    const offered = await composeStepReminder(deps(), item(m.id));
    if ('skip' in offered) throw new Error(offered.skip);
    const { current } = (await stepsOf(m.client)).body;
    expect(offered).toMatchObject({ programme: { kind: 'step', id: current!.id }, origin: 'scripted' });
    expect(offered.text).toContain(stepSentence(current!));
    expect(offered.buttons).toEqual([
      { id: `step:${current!.id}:accept`, title: 'Accept' },
      { id: `step:${current!.id}:swap`, title: 'Swap' },
    ]);

    await act(m.client, current!.id, 'accept');
    const reminder = await composeStepReminder(deps(), item(m.id));
    if ('skip' in reminder) throw new Error(reminder.skip);
    expect(reminder.text).toBe(`A gentle reminder of your step: ${stepSentence(current!)}\n\nHow did it go?`);
    expect(reminder.buttons!.map((b) => b.id)).toEqual([`step:${current!.id}:done`, `step:${current!.id}:not_done`]);
  });

  it('skips a member who is gone', async () => {
    expect(await composeStepReminder(deps(), item('nobody'))).toEqual({ skip: 'no_member' });
  });
});
