import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { answer, type TestClient } from '../../test-support/test-client';
import { auditLog, twoFactors, userRoles } from '../../db/schema';

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

describe("granting admin asks the granting admin's second factor (decision 061)", () => {
  it('refuses a grant with no code, a malformed code or a wrong one, and grants with the code shown now', async () => {
    const targetId = (await server.client().signUp('grant-me@example.com')).body.user.id;
    const grant = (code?: string) =>
      admin.post(
        `/api/admin/users/${targetId}/roles`,
        code === undefined ? { role: 'admin' } : { role: 'admin', code },
      );

    const missing = await grant();
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain(
      'Enter the code from your authenticator app to grant the admin role.',
    );
    const malformed = await grant('12ab');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('six digits');
    // A code that is not the one shown now (the current one plus one, as text of six digits).
    const wrongCode = String((Number(admin.authenticatorCode()) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await grant(wrongCode);
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'second_factor_wrong' });
    expect(await rolesOfTarget(targetId)).toEqual(['user']);
    // The wrong code counted on the factor's own counter; a right one clears it.
    const [counted] = await server.database.db
      .select({ failed: twoFactors.failedVerificationCount })
      .from(twoFactors)
      .where(eq(twoFactors.userId, adminId));
    expect(counted!.failed).toBe(1);

    const granted = await grant(admin.authenticatorCode());
    expect(granted.status).toBe(200);
    expect(granted.body).toEqual(['admin', 'user']);
    const [cleared] = await server.database.db
      .select({ failed: twoFactors.failedVerificationCount })
      .from(twoFactors)
      .where(eq(twoFactors.userId, adminId));
    expect(cleared!.failed).toBe(0);
    // Adding the member role back needs no code: only the admin role opens every conversation.
    await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: targetId, role: 'admin' } }));
    expect((await admin.post(`/api/admin/users/${targetId}/roles`, { role: 'user' })).status).toBe(200);
  });

  it('locks the factor after ten wrong codes in a row, as sign-in would', async () => {
    const targetId = (await server.client().signUp('locked-grant@example.com')).body.user.id;
    const wrongCode = () => String((Number(admin.authenticatorCode()) + 500_000) % 1_000_000).padStart(6, '0');
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push(
        (await admin.post(`/api/admin/users/${targetId}/roles`, { role: 'admin', code: wrongCode() })).status,
      );
    }
    expect(answers).toEqual([...Array(9).fill(403), 429]);
    const locked = await admin.post(`/api/admin/users/${targetId}/roles`, {
      role: 'admin',
      code: admin.authenticatorCode(),
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ code: 'second_factor_locked' });
    expect(await rolesOfTarget(targetId)).toEqual(['user']);
    // Unlock for the tests after this one.
    await server.database.db
      .update(twoFactors)
      .set({ failedVerificationCount: 0, lockedUntil: null })
      .where(eq(twoFactors.userId, adminId));
  });
});

async function rolesOfTarget(id: string) {
  const rows = await server.database.db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, id));
  return rows.map((r) => r.role).sort();
}

describe('role management (admin only)', () => {
  it('adds and removes a role, and records who did it', async () => {
    const added = await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id: memberId },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    expect(added.body).toEqual(['admin', 'user']);
    const removed = await answer(
      admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: memberId, role: 'admin' } }),
    );
    expect(removed.body).toEqual(['user']);
    const [last] = await server.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(last).toMatchObject({ actorId: adminId, action: 'role.remove', targetUserId: memberId });
  });

  it('never removes the last remaining role', async () => {
    const res = await answer(
      admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: memberId, role: 'user' } }),
    );
    expect(res.status).toBe(409);
  });

  it('offers only admin and user', async () => {
    // A role the schema does not have: the raw client sends it.
    const res = await admin.post(`/api/admin/users/${memberId}/roles`, { role: 'owner' });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors.role).toEqual(['Role must be admin or user']);
  });

  it('answers 404 for an unknown account', async () => {
    expect(
      (await answer(admin.api.admin.users[':id'].roles.$post({ param: { id: 'nobody' }, json: { role: 'user' } })))
        .status,
    ).toBe(404);
    expect(
      (
        await answer(
          admin.api.admin.users[':id'].active.$patch({ param: { id: 'nobody' }, json: { is_active: false } }),
        )
      ).status,
    ).toBe(404);
  });

  it('checks the role on every request, not once per session', async () => {
    const promoted = server.client();
    const id = (await promoted.signUp('promoted@example.com')).body.user.id;
    await promoted.enrolSecondFactor(); // an admin needs a second factor (decision 047)
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    expect(
      (await answer(promoted.api.admin.users[':id'].roles.$post({ param: { id: memberId }, json: { role: 'user' } })))
        .status,
    ).toBe(200);
    await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role: 'admin' } }));
    expect(
      (await answer(promoted.api.admin.users[':id'].roles.$post({ param: { id: memberId }, json: { role: 'user' } })))
        .status,
    ).toBe(403);
  });

  it('stops an admin deactivating their own account', async () => {
    expect(
      (await answer(admin.api.admin.users[':id'].active.$patch({ param: { id: adminId }, json: { is_active: false } })))
        .status,
    ).toBe(409);
  });

  it('keeps signed-out visitors out', async () => {
    expect(
      (
        await answer(
          server
            .client()
            .api.admin.users[':id'].roles.$post({ param: { id: memberId }, json: { role: 'admin', code: '000000' } }),
        )
      ).status,
    ).toBe(401);
  });
});

describe('audit trail for activation', () => {
  it('records deactivation', async () => {
    await answer(admin.api.admin.users[':id'].active.$patch({ param: { id: memberId }, json: { is_active: false } }));
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.deactivate'));
    expect(rows.at(-1)).toMatchObject({ actorId: adminId, targetUserId: memberId });
  });
});

describe('roles are race-safe and the last admin keeps the role', () => {
  it('never leaves a member with no role when both roles are removed at once', async () => {
    const target = server.client();
    const id = (await target.signUp('both-roles@example.com')).body.user.id;
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    const results = await Promise.all([
      answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role: 'admin' } })),
      answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role: 'user' } })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const roles = await server.database.db.select().from(userRoles).where(eq(userRoles.userId, id));
    expect(roles).toHaveLength(1);
    // Whichever removal won, leave the account a plain member for the tests that follow.
    if (roles[0]!.role === 'admin') {
      await answer(admin.api.admin.users[':id'].roles.$post({ param: { id }, json: { role: 'user' } }));
      await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role: 'admin' } }));
    }
  });

  it('refuses to take the admin role from the last admin, even two admins removing each other at once', async () => {
    const second = server.client();
    const secondId = (await second.signUp('second-admin@example.com')).body.user.id;
    await second.enrolSecondFactor(); // an admin needs a second factor (decision 047)
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id: secondId },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    const results = await Promise.all([
      answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: secondId, role: 'admin' } })),
      answer(second.api.admin.users[':id'].roles[':role'].$delete({ param: { id: adminId, role: 'admin' } })),
    ]);
    const statuses = results.map((r) => r.status).sort();
    // One goes through; the other finds its caller no longer admin (403) or the last admin (409).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await server.database.db.select().from(userRoles).where(eq(userRoles.role, 'admin'));
    expect(admins).toHaveLength(1);
    const lastAdminId = admins[0]!.userId;
    const lastAdmin = lastAdminId === adminId ? admin : second;
    const res = await answer(
      lastAdmin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: lastAdminId, role: 'admin' } }),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'The last admin cannot lose the admin role', code: 'last_admin' });
    // Leave Ada the only admin for the tests that follow.
    if (lastAdminId !== adminId) {
      await answer(
        second.api.admin.users[':id'].roles.$post({
          param: { id: adminId },
          json: { role: 'admin', code: second.authenticatorCode() },
        }),
      );
      expect(
        (await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: secondId, role: 'admin' } })))
          .status,
      ).toBe(200);
    }
  });

  it('records the roles before and after each change', async () => {
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id: memberId },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    const [row] = await server.database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, 'role.add'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(row?.details).toEqual({ role: 'admin', before: ['user'], after: ['admin', 'user'] });
    await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: memberId, role: 'admin' } }));
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
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id: aId },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id: bId },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    const results = await Promise.all([
      answer(a.api.admin.users[':id'].active.$patch({ param: { id: bId }, json: { is_active: false } })),
      answer(b.api.admin.users[':id'].active.$patch({ param: { id: aId }, json: { is_active: false } })),
    ]);
    // The loser's session is gone (401) or its account no longer active under the lock (403).
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect([401, 403]).toContain(results.find((r) => r.status !== 200)!.status);
    // Put both back for the tests that follow.
    for (const id of [aId, bId]) {
      await answer(admin.api.admin.users[':id'].active.$patch({ param: { id }, json: { is_active: true } }));
      await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id, role: 'admin' } }));
    }
  });

  it('does not count a deactivated admin as the one who remains', async () => {
    const other = server.client();
    const otherId = (await other.signUp('inactive-admin@example.com')).body.user.id;
    await answer(
      admin.api.admin.users[':id'].roles.$post({
        param: { id: otherId },
        json: { role: 'admin', code: admin.authenticatorCode() },
      }),
    );
    await answer(admin.api.admin.users[':id'].active.$patch({ param: { id: otherId }, json: { is_active: false } }));
    const res = await answer(
      admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: adminId, role: 'admin' } }),
    );
    expect(res.status).toBe(409);
    expect(res.error.code).toBe('last_admin');
    // Taking the role from the inactive admin is fine: the active one remains.
    expect(
      (await answer(admin.api.admin.users[':id'].roles[':role'].$delete({ param: { id: otherId, role: 'admin' } })))
        .status,
    ).toBe(200);
  });
});
