import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { ROLES, type AccountActivationDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { userRoles, users } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { setAccountActive } from '../../lib/accounts';
import { recordAudit } from '../../lib/audit';
import { rolesOf } from '../../lib/roles';

const userParam = z.object({ id: z.string().min(1).max(64) });
const roleBody = z.object({ role: z.enum(ROLES, 'Role must be admin or user') }).strict();
const roleParam = userParam.extend({ role: z.enum(ROLES, 'Role must be admin or user') });
const activeBody = z.object({ is_active: z.boolean('is_active must be true or false') }).strict();

/** Account administration: roles and activation. Admin role checked on every request. */
export function adminUserRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .post('/:id/roles', access.admin, validate('param', userParam), validate('json', roleBody), async (c) => {
      const { id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
      if (!target) return c.json({ error: 'User not found' }, 404);
      await db.transaction(async (tx) => {
        const added = await tx.insert(userRoles).values({ userId: id, role }).onConflictDoNothing().returning();
        if (added.length)
          await recordAudit(tx, { actorId: c.get('user').id, action: 'role.add', targetUserId: id, details: { role } });
      });
      return c.json(await rolesOf(db, id));
    })
    .delete('/:id/roles/:role', access.admin, validate('param', roleParam), async (c) => {
      const { id, role } = c.req.valid('param');
      const current = await rolesOf(db, id);
      if (!current.includes(role)) return c.json({ error: 'The user does not hold that role' }, 404);
      // docs/product.md#admin-back-office: the last remaining role cannot be removed.
      if (current.length === 1) return c.json({ error: 'A user must keep at least one role' }, 409);
      await db.transaction(async (tx) => {
        await tx.delete(userRoles).where(and(eq(userRoles.userId, id), eq(userRoles.role, role)));
        await recordAudit(tx, {
          actorId: c.get('user').id,
          action: 'role.remove',
          targetUserId: id,
          details: { role },
        });
      });
      return c.json(await rolesOf(db, id));
    })
    .patch('/:id/active', access.admin, validate('param', userParam), validate('json', activeBody), async (c) => {
      const { id } = c.req.valid('param');
      const { is_active } = c.req.valid('json');
      if (id === c.get('user').id && !is_active) {
        return c.json({ error: 'You cannot deactivate your own account' }, 409);
      }
      const found = await setAccountActive(db, { actorId: c.get('user').id, userId: id, isActive: is_active });
      if (!found) return c.json({ error: 'User not found' }, 404);
      const body: AccountActivationDto = { id, is_active };
      return c.json(body);
    });
}
