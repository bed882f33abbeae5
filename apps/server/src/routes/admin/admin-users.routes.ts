import { Hono } from 'hono';
import { z } from 'zod';
import {
  GRANT_ADMIN_CODE_MESSAGES,
  ROLES,
  TOTP_CODE_PATTERN,
  type AccountActivationDto,
  type ApiErrorBody,
  type RolesDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { setAccountActive } from '../../lib/accounts/accounts';
import { addRole, removeRole, type RoleChangeResult } from '../../lib/accounts/roles';
import { checkFreshCode, type FreshCodeResult } from '../../lib/auth/fresh-second-factor';

const userParam = z.object({ id: z.string().min(1).max(64) });
const roleBody = z
  .object({
    role: z.enum(ROLES, 'Role must be admin or user'),
    /** The granting admin's authenticator code, typed now: required to grant admin (decision 061). */
    code: z.string().trim().regex(TOTP_CODE_PATTERN, GRANT_ADMIN_CODE_MESSAGES.format).optional(),
  })
  .strict()
  .refine((b) => b.role !== 'admin' || b.code !== undefined, {
    message: GRANT_ADMIN_CODE_MESSAGES.required,
    path: ['code'],
  });

const CODE_REFUSALS: Record<Exclude<FreshCodeResult, 'passed'>, [ApiErrorBody, 403 | 429]> = {
  wrong: [{ error: GRANT_ADMIN_CODE_MESSAGES.wrong, code: 'second_factor_wrong' }, 403],
  locked: [{ error: GRANT_ADMIN_CODE_MESSAGES.locked, code: 'second_factor_locked' }, 429],
  // The admin guard lets no admin without a factor this far; said plainly should that change.
  not_enrolled: [{ error: GRANT_ADMIN_CODE_MESSAGES.notEnrolled, code: 'second_factor_required' }, 403],
};
const roleParam = userParam.extend({ role: z.enum(ROLES, 'Role must be admin or user') });
const activeBody = z.object({ is_active: z.boolean('is_active must be true or false') }).strict();

const ROLE_REFUSALS: Record<
  Exclude<RoleChangeResult['outcome'], 'changed' | 'unchanged'>,
  [ApiErrorBody, 403 | 404 | 409]
> = {
  not_found: [{ error: 'User not found' }, 404],
  not_held: [{ error: 'The user does not hold that role' }, 404],
  // docs/product.md#admin-back-office: the last remaining role cannot be removed.
  last_role: [{ error: 'A user must keep at least one role', code: 'last_role' }, 409],
  last_admin: [{ error: 'The last admin cannot lose the admin role', code: 'last_admin' }, 409],
  // A simultaneous change took the caller's own admin role or account.
  actor_not_admin: [{ error: 'Admin role required' }, 403],
};

/**
 * Account administration: roles and activation. Admin role checked on every
 * request; every change is audited in its own transaction (lib/accounts/roles.ts,
 * lib/accounts/accounts.ts), and role changes run one at a time.
 */
export function adminUserRoutes(deps: AppDeps) {
  const { db, realtime } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .post('/:id/roles', access.admin, validate('param', userParam), validate('json', roleBody), async (c) => {
      const { id } = c.req.valid('param');
      const { role, code } = c.req.valid('json');
      // Admin reads every member's conversations: the grant asks the granting admin's second factor now.
      if (role === 'admin') {
        const checked = await checkFreshCode(deps, c.get('user').id, c.req.raw.headers, code!);
        if (checked !== 'passed') {
          const [body, status] = CODE_REFUSALS[checked];
          return c.json(body, status);
        }
      }
      const result = await addRole(db, { actorId: c.get('user').id, userId: id, role });
      if (result.outcome !== 'changed' && result.outcome !== 'unchanged') {
        const [body, status] = ROLE_REFUSALS[result.outcome];
        return c.json(body, status);
      }
      const roles: RolesDto = result.roles;
      return c.json(roles);
    })
    .delete('/:id/roles/:role', access.admin, validate('param', roleParam), async (c) => {
      const { id, role } = c.req.valid('param');
      const result = await removeRole(db, { actorId: c.get('user').id, userId: id, role });
      if (result.outcome !== 'changed' && result.outcome !== 'unchanged') {
        const [body, status] = ROLE_REFUSALS[result.outcome];
        return c.json(body, status);
      }
      // An admin who is one no longer leaves the inbox channel at once, on every instance.
      if (result.outcome === 'changed' && role === 'admin') await realtime.sessionsChanged(id);
      const roles: RolesDto = result.roles;
      return c.json(roles);
    })
    .patch('/:id/active', access.admin, validate('param', userParam), validate('json', activeBody), async (c) => {
      const { id } = c.req.valid('param');
      const { is_active } = c.req.valid('json');
      if (id === c.get('user').id && !is_active) {
        return c.json({ error: 'You cannot deactivate your own account' }, 409);
      }
      const outcome = await setAccountActive(db, { actorId: c.get('user').id, userId: id, isActive: is_active });
      if (outcome === 'not_found') return c.json({ error: 'User not found' }, 404);
      if (outcome === 'actor_not_admin') return c.json({ error: 'Admin role required' }, 403);
      // Committed: the member's open sockets close now, on every instance (decision 029).
      if (!is_active) await realtime.sessionsChanged(id);
      const body: AccountActivationDto = { id, is_active };
      return c.json(body);
    });
}
