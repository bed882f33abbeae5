import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPageDto } from '@app/shared';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { TestClient } from '../../test-support/test-client';

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
    await admin.post(`/api/admin/users/${memberId}/roles`, { role: 'admin' });
    await admin.delete(`/api/admin/users/${memberId}/roles/admin`);
    await admin.patch(`/api/admin/users/${memberId}/plan`, { pricing_plan: 'Summit' });
    await admin.post(`/api/admin/users/${memberId}/credits`, { delta: 5 });
    await admin.patch(`/api/admin/users/${memberId}/active`, { is_active: false });
    await admin.patch(`/api/admin/users/${memberId}/active`, { is_active: true });

    const res = await admin.get<AuditLogPageDto>(`/api/admin/audit-log?user_id=${memberId}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(res.body.items.map((e) => [e.action, e.details])).toEqual([
      ['account.activate', { before: false, after: true }],
      ['account.deactivate', { before: true, after: false }],
      ['credits.change', { delta: 5, before: 15, after: 20 }],
      ['plan.change', { before: 'Base Camp', after: 'Summit' }],
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
    const res = await admin.get<AuditLogPageDto>('/api/admin/audit-log');
    const grant = res.body.items.find((e) => e.target_user_id === adminId && e.action === 'role.add');
    expect(grant).toMatchObject({
      actor_id: null,
      actor_name: null,
      details: { role: 'admin', source: 'ADMIN_EMAILS' },
    });
    expect(res.body.total).toBe(7);
  });

  it('refuses bad paging and non-admins', async () => {
    expect((await admin.get('/api/admin/audit-log?page=-1')).status).toBe(400);
    const member = server.client();
    await member.signIn('mina@example.com');
    expect((await member.get('/api/admin/audit-log')).status).toBe(403);
  });
});
