import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import type { TestClient } from '../../test-support/test-client';
import { auditLog, userRoles } from '../../db/schema';

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
    await promoted.enrolSecondFactor(); // an admin needs a second factor (decision 047)
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

describe('roles are race-safe and the last admin keeps the role', () => {
  it('never leaves a member with no role when both roles are removed at once', async () => {
    const target = server.client();
    const id = (await target.signUp('both-roles@example.com')).body.user.id;
    await admin.post(`/api/admin/users/${id}/roles`, { role: 'admin' });
    const results = await Promise.all([
      admin.delete(`/api/admin/users/${id}/roles/admin`),
      admin.delete(`/api/admin/users/${id}/roles/user`),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const roles = await server.database.db.select().from(userRoles).where(eq(userRoles.userId, id));
    expect(roles).toHaveLength(1);
    // Whichever removal won, leave the account a plain member for the tests that follow.
    if (roles[0]!.role === 'admin') {
      await admin.post(`/api/admin/users/${id}/roles`, { role: 'user' });
      await admin.delete(`/api/admin/users/${id}/roles/admin`);
    }
  });

  it('refuses to take the admin role from the last admin, even two admins removing each other at once', async () => {
    const second = server.client();
    const secondId = (await second.signUp('second-admin@example.com')).body.user.id;
    await second.enrolSecondFactor(); // an admin needs a second factor (decision 047)
    await admin.post(`/api/admin/users/${secondId}/roles`, { role: 'admin' });
    const results = await Promise.all([
      admin.delete(`/api/admin/users/${secondId}/roles/admin`),
      second.delete(`/api/admin/users/${adminId}/roles/admin`),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // One goes through; the other finds its caller no longer admin (403) or the last admin (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await server.database.db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    expect(admins).toHaveLength(1);
    const lastAdminId = admins[0]!.userId;
    const lastAdmin = lastAdminId === adminId ? admin : second;
    const res = await lastAdmin.delete(`/api/admin/users/${lastAdminId}/roles/admin`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'The last admin cannot lose the admin role', code: 'last_admin' });
    // Leave Ada the only admin for the tests that follow.
    if (lastAdminId !== adminId) {
      await second.post(`/api/admin/users/${adminId}/roles`, { role: 'admin' });
      expect((await admin.delete(`/api/admin/users/${secondId}/roles/admin`)).status).toBe(200);
    }
  });

  it('records the roles before and after each change', async () => {
    await admin.post(`/api/admin/users/${memberId}/roles`, { role: 'admin' });
    const [row] = await server.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'role.add'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(row?.details).toEqual({ role: 'admin', before: ['user'], after: ['admin', 'user'] });
    await admin.delete(`/api/admin/users/${memberId}/roles/admin`);
  });
});

describe('at least one active admin remains', () => {
  it('lets only one of two admins deactivating each other at once go through', async () => {
    const a = server.client();
    const aId = (await a.signUp('mutual-a@example.com')).body.user.id;
    const b = server.client();
    const bId = (await b.signUp('mutual-b@example.com')).body.user.id;
    // An admin needs a second factor (decision 047).
    await a.enrolSecondFactor();
    await b.enrolSecondFactor();
    await admin.post(`/api/admin/users/${aId}/roles`, { role: 'admin' });
    await admin.post(`/api/admin/users/${bId}/roles`, { role: 'admin' });
    const results = await Promise.all([
      a.patch(`/api/admin/users/${bId}/active`, { is_active: false }),
      b.patch(`/api/admin/users/${aId}/active`, { is_active: false }),
    ]);
    // The loser's session is gone (401) or its account no longer active under the lock (403).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect([401, 403]).toContain(results.find((r) => r.status !== 200)!.status);
    // Put both back for the tests that follow.
    for (const id of [aId, bId]) {
      await admin.patch(`/api/admin/users/${id}/active`, { is_active: true });
      await admin.delete(`/api/admin/users/${id}/roles/admin`);
    }
  });

  it('does not count a deactivated admin as the one who remains', async () => {
    const other = server.client();
    const otherId = (await other.signUp('inactive-admin@example.com')).body.user.id;
    await admin.post(`/api/admin/users/${otherId}/roles`, { role: 'admin' });
    await admin.patch(`/api/admin/users/${otherId}/active`, { is_active: false });
    const res = await admin.delete(`/api/admin/users/${adminId}/roles/admin`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('last_admin');
    // Taking the role from the inactive admin is fine: the active one remains.
    expect((await admin.delete(`/api/admin/users/${otherId}/roles/admin`)).status).toBe(200);
  });
});
