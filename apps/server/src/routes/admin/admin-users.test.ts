import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { TestClient } from '../../test-support/test-client';
import { auditLog } from '../../db/schema';

let server: TestServer;
let admin: TestClient;
let adminId: string;
let memberId: string;

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'admin@example.com' });
  admin = server.client();
  adminId = (await admin.signUp('admin@example.com')).body.user.id;
  memberId = (await server.client().signUp('member@example.com')).body.user.id;
});
afterAll(() => server.close());

describe('role management (admin only)', () => {
  it('adds and removes a role, and records who did it', async () => {
    const added = await admin.post(`/api/admin/users/${memberId}/roles`, { role: 'admin' });
    expect(added.body).toEqual(['admin', 'user']);
    const removed = await admin.delete(`/api/admin/users/${memberId}/roles/admin`);
    expect(removed.body).toEqual(['user']);
    const [last] = await server.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(last).toMatchObject({ actorId: adminId, action: 'role.remove', targetUserId: memberId });
  });

  it('never removes the last remaining role', async () => {
    const res = await admin.delete(`/api/admin/users/${memberId}/roles/user`);
    expect(res.status).toBe(409);
  });

  it('offers only admin and user', async () => {
    const res = await admin.post(`/api/admin/users/${memberId}/roles`, { role: 'owner' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.role).toEqual(['Role must be admin or user']);
  });

  it('answers 404 for an unknown account', async () => {
    expect((await admin.post('/api/admin/users/nobody/roles', { role: 'user' })).status).toBe(404);
    expect((await admin.patch('/api/admin/users/nobody/active', { is_active: false })).status).toBe(404);
  });

  it('checks the role on every request, not once per session', async () => {
    const promoted = server.client();
    const id = (await promoted.signUp('promoted@example.com')).body.user.id;
    await admin.post(`/api/admin/users/${id}/roles`, { role: 'admin' });
    expect((await promoted.post(`/api/admin/users/${memberId}/roles`, { role: 'user' })).status).toBe(200);
    await admin.delete(`/api/admin/users/${id}/roles/admin`);
    expect((await promoted.post(`/api/admin/users/${memberId}/roles`, { role: 'user' })).status).toBe(403);
  });

  it('stops an admin deactivating their own account', async () => {
    expect((await admin.patch(`/api/admin/users/${adminId}/active`, { is_active: false })).status).toBe(409);
  });

  it('keeps signed-out visitors out', async () => {
    expect((await server.client().post(`/api/admin/users/${memberId}/roles`, { role: 'admin' })).status).toBe(401);
  });
});

describe('audit trail for activation', () => {
  it('records deactivation', async () => {
    await admin.patch(`/api/admin/users/${memberId}/active`, { is_active: false });
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.deactivate'));
    expect(rows.at(-1)).toMatchObject({ actorId: adminId, targetUserId: memberId });
  });
});
