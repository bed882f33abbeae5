import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('admin@example.com', 'calm-river-42', 'Ada Admin')).body.user.id;
  memberId = (await server.client().signUp('mina@example.com', 'calm-river-42', 'Mina Member')).body.user.id;
});
afterAll(() => server.close());

describe('GET /api/admin/audit-log', () => {
  it('lists every kind of change newest first, with who, what, before and after', async () => {
    const user = admin.api.admin.users[':id'];
    const param = { id: memberId };
    await answer(user.roles.$post({ param, json: { role: 'admin', code: admin.authenticatorCode() } }));
    await answer(user.roles[':role'].$delete({ param: { ...param, role: 'admin' } }));
    await answer(user.plan.$patch({ param, json: { pricing_plan: 'The Space Pass', days: 30 } }));
    await answer(user.credits.$post({ param, json: { delta: 5 } }));
    await answer(user.active.$patch({ param, json: { is_active: false } }));
    await answer(user.active.$patch({ param, json: { is_active: true } }));

    const res = await answer(admin.api.admin['audit-log'].$get({ query: { user_id: memberId } }));
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(res.body.items.map((e) => [e.action, e.details])).toEqual([
      ['account.activate', { before: false, after: true }],
      ['account.deactivate', { before: true, after: false }],
      ['credits.change', { delta: 5, before: 15, after: 20 }],
      [
        'plan.change',
        {
          before: 'Base Camp',
          after: 'The Space Pass',
          granted: 'The Space Pass for 30 days',
          ends_at: expect.any(String),
        },
      ],
      ['role.remove', { role: 'admin', before: ['admin', 'user'], after: ['user'] }],
      ['role.add', { role: 'admin', before: ['user'], after: ['admin', 'user'] }],
    ]);
    expect(res.body.items[0]).toMatchObject({
      actor_id: adminId,
      actor_name: 'Ada Admin',
      target_user_id: memberId,
      target_name: 'Mina Member',
    });
  });

  it('lists everyone’s changes without a filter, including the ADMIN_EMAILS grant', async () => {
    const res = await answer(admin.api.admin['audit-log'].$get({ query: {} }));
    const grant = res.body.items.find((e) => e.target_user_id === adminId && e.action === 'role.add');
    expect(grant).toMatchObject({
      actor_id: null,
      actor_name: null,
      details: { role: 'admin', source: 'ADMIN_EMAILS' },
    });
    expect(res.body.total).toBe(7);
  });

  it('refuses bad paging and non-admins', async () => {
    expect((await answer(admin.api.admin['audit-log'].$get({ query: { page: '-1' } }))).status).toBe(400);
    const member = server.client();
    await member.signIn('mina@example.com');
    expect((await answer(member.api.admin['audit-log'].$get({ query: {} }))).status).toBe(403);
  });
});
