import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRACKING_OPTIONS } from '@app/shared';
import { answer, type TestClient } from '../../test-support/test-client';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;
let admin: TestClient;
let member: TestClient;

const answers: { name: string; tracking: (typeof TRACKING_OPTIONS)[number]; thoughts: string | undefined }[] = [
  { name: 'Wendy Weekly', tracking: 'Weekly progress reports', thoughts: 'A Friday summary would help.' },
  { name: 'Walt Weekly', tracking: 'Weekly progress reports', thoughts: '   \n\t ' },
  { name: 'Dana Daily', tracking: 'Daily check-ins', thoughts: undefined },
  { name: 'Hal Habit', tracking: 'Habit tracking', thoughts: 'Streaks keep me going.' },
];

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'feedback-admin@example.com' });
  admin = server.client();
  await admin.signUp('feedback-admin@example.com');
  member = server.client();
  await member.signUp('feedback-member@example.com');
});
afterAll(() => server.close());

describe('GET /api/admin/tracker-feedback', () => {
  it('says nothing is there before anyone answers', async () => {
    const res = await answer(admin.api.admin['tracker-feedback'].$get({ query: {} }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_submissions: 0,
      comment_count: 0,
      most_popular: 'N/A',
      methods: [],
      comments: { items: [], total: 0, page: 1, page_size: 20 },
    });
  });

  it('counts methods with percentages, names the most popular and lists only non-blank comments, newest first', async () => {
    for (const [i, given] of answers.entries()) {
      const client = server.client();
      await client.signUp(`feedback-${i}@example.com`, 'calm-river-42', given.name);
      const res = await answer(
        client.api.me['tracker-feedback'].$put({
          json: {
            tracking: given.tracking,
            project_management_tools: ['Trello', 'Notion'],
            visual_feature_preferences: ['Kanban boards'],
            ...(given.thoughts !== undefined && { additional_thoughts: given.thoughts }),
          },
        }),
      );
      expect(res.status).toBe(200);
    }
    const { body } = await answer(admin.api.admin['tracker-feedback'].$get({ query: {} }));
    expect(body.total_submissions).toBe(4);
    expect(body.most_popular).toBe('Weekly');
    expect(body.methods).toEqual([
      { method: 'Weekly progress reports', count: 2, percentage: 50 },
      { method: 'Daily check-ins', count: 1, percentage: 25 },
      { method: 'Habit tracking', count: 1, percentage: 25 },
    ]);
    expect(body.comment_count).toBe(2);
    expect(body.comments.total).toBe(2);
    expect(body.comments.items.map((c) => [c.user_name, c.additional_thoughts])).toEqual([
      ['Hal Habit', 'Streaks keep me going.'],
      ['Wendy Weekly', 'A Friday summary would help.'],
    ]);
    expect(body.comments.items[0]).toMatchObject({
      tracking: 'Habit tracking',
      project_management_tools: 'Trello, Notion',
      visual_feature_preferences: 'Kanban boards',
    });
  });

  it('pages the comments', async () => {
    const second = await answer(admin.api.admin['tracker-feedback'].$get({ query: { page: '2', page_size: '1' } }));
    expect(second.body.comments).toMatchObject({ total: 2, page: 2, page_size: 1 });
    expect(second.body.comments.items.map((c) => c.user_name)).toEqual(['Wendy Weekly']);
    const past = await answer(admin.api.admin['tracker-feedback'].$get({ query: { page: '3', page_size: '1' } }));
    expect(past.body.comments.items).toEqual([]);
  });

  it('refuses bad paging with a message', async () => {
    const res = await answer(admin.api.admin['tracker-feedback'].$get({ query: { page: '0', page_size: '1000' } }));
    expect(res.status).toBe(400);
    expect(res.error.fieldErrors).toEqual({
      page: ['Page must be between 1 and 10000'],
      page_size: ['Page size must be between 1 and 100'],
    });
    const notANumber = await answer(admin.api.admin['tracker-feedback'].$get({ query: { page: 'two' } }));
    expect(notANumber.error.fieldErrors!.page).toEqual(['Page must be a number']);
  });

  it('is for admins only', async () => {
    const list = (c: TestClient) => answer(c.api.admin['tracker-feedback'].$get({ query: {} }));
    expect((await list(member)).status).toBe(403);
    expect((await list(server.client())).status).toBe(401);
  });
});
