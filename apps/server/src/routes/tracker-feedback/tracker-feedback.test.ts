import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MAX_TRACKER_THOUGHTS_LENGTH, splitOptions, type TrackerFeedbackInput } from '@app/shared';
import { userTrackerFeedback } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let member: TestClient;
let memberId: string;
let other: TestClient;
let otherId: string;

beforeAll(async () => {
  server = await startTestServer();
  member = server.client();
  memberId = (await member.signUp('tracker@example.com')).body.user.id;
  other = server.client();
  otherId = (await other.signUp('tracker-other@example.com')).body.user.id;
});
afterAll(() => server.close());

const put = (client: TestClient, body: TrackerFeedbackInput) =>
  answer(client.api.me['tracker-feedback'].$put({ json: body }));
const get = (client: TestClient) => answer(client.api.me['tracker-feedback'].$get());
/** A body the schema refuses, sent as it is (the raw escape hatch). */
const putRaw = (client: TestClient, body: unknown) => client.put('/api/me/tracker-feedback', body);
const rowsOf = (userId: string) =>
  server.database.db.select().from(userTrackerFeedback).where(eq(userTrackerFeedback.userId, userId));

const feedback = {
  tracking: 'Daily check-ins',
  project_management_tools: ['Trello', 'Notion'],
  visual_feature_preferences: ['Kanban boards', 'Achievement streaks'],
  additional_thoughts: '  A weekly email would help.  ',
} satisfies TrackerFeedbackInput;

describe('tracker feedback', () => {
  it('needs a session', async () => {
    const visitor = server.client();
    expect((await get(visitor)).status).toBe(401);
    expect((await put(visitor, feedback)).status).toBe(401);
  });

  it('is null before the member answers', async () => {
    const res = await get(member);
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
  });

  it('stores the answer with lists comma-and-space separated', async () => {
    const res = await put(member, feedback);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      user_id: memberId,
      tracking: 'Daily check-ins',
      project_management_tools: 'Trello, Notion',
      visual_feature_preferences: 'Kanban boards, Achievement streaks',
      additional_thoughts: 'A weekly email would help.',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(splitOptions(res.body.project_management_tools)).toEqual(['Trello', 'Notion']);
    expect((await get(member)).body).toEqual(res.body);
  });

  it('edits the one row in place; blank thoughts and empty lists are allowed', async () => {
    const before = (await rowsOf(memberId))[0]!;
    const res = await put(member, {
      tracking: 'Habit tracking',
      project_management_tools: ['Excel', 'Excel', 'Other'],
      visual_feature_preferences: [],
      additional_thoughts: '   ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: before.id,
      tracking: 'Habit tracking',
      project_management_tools: 'Excel, Other',
      visual_feature_preferences: '',
      additional_thoughts: null,
      created_at: before.createdAt.toISOString(),
    });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect(await rowsOf(memberId)).toHaveLength(1);
  });

  it('keeps members’ answers apart', async () => {
    expect((await get(other)).body).toBeNull();
    const theirs = await put(other, { ...feedback, tracking: 'Weekly progress reports' });
    expect(theirs.body.user_id).toBe(otherId);
    expect((await get(member)).body!.tracking).toBe('Habit tracking');
    expect((await rowsOf(otherId))[0]!.tracking).toBe('Weekly progress reports');
  });

  it.each([
    ['tracking', { ...feedback, tracking: 'Carrier pigeon' }, ['Please select an option']],
    ['tracking', { ...feedback, tracking: undefined }, ['Please select an option']],
    ['project_management_tools.1', { ...feedback, project_management_tools: ['Trello', 'Paper'] }, null],
    ['visual_feature_preferences', { ...feedback, visual_feature_preferences: 'Kanban boards' }, null],
    [
      'additional_thoughts',
      { ...feedback, additional_thoughts: 'x'.repeat(MAX_TRACKER_THOUGHTS_LENGTH + 1) },
      [`Thoughts must be less than ${MAX_TRACKER_THOUGHTS_LENGTH} characters`],
    ],
    ['user_id', { ...feedback, user_id: 'someone-else' }, null],
  ])('refuses a bad %s with a field error and changes nothing', async (field, body, messages) => {
    const before = await rowsOf(memberId);
    const res = await putRaw(member, body);
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors[field]).toBeDefined();
    if (messages) expect(res.body.fieldErrors[field]).toEqual(messages);
    expect(await rowsOf(memberId)).toEqual(before);
    expect((await rowsOf(otherId))[0]!.tracking).toBe('Weekly progress reports');
  });

  it('answers 400, not 500, to malformed JSON', async () => {
    expect((await member.request('PUT', '/api/me/tracker-feedback', '{"tracking": ')).status).toBe(400);
  });
});
