import { Hono } from 'hono';
import { resetLinkCheckSchema, type ResetLinkStatusDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { routeAccess } from '../../middleware/access';
import { rateLimitPerClient } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

/** How many link checks one client address may make per minute. */
const CHECKS_PER_MINUTE = 10;

/**
 * Lets the "Set a new password" page say at once that its link is used or
 * expired, before the member types anything (decision 033). better-auth keeps
 * a reset token as a `reset-password:<token>` verification row until it is
 * used (or another reset link is used, which ends them all); reading the row
 * does not spend it. POST, so the token stays out of access logs, as the
 * mail link's fragment keeps it out of them. Guessing is hopeless (a 24-character
 * random id) and limited per address besides.
 */
export function passwordResetRoutes(deps: AppDeps) {
  const { db, auth } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().post(
    '/check',
    access.public,
    validate('json', resetLinkCheckSchema),
    rateLimitPerClient(db, {
      name: 'reset-link-check',
      max: CHECKS_PER_MINUTE,
      windowSeconds: 60,
      message: 'Too many link checks from this address. Please try again in a minute.',
    }),
    async (c) => {
      const { token } = c.req.valid('json');
      // better-auth's own lookup, as its reset endpoint does (it knows how identifiers are stored).
      const { internalAdapter } = await auth.$context;
      const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
      const body: ResetLinkStatusDto = { usable: !!verification && verification.expiresAt > new Date() };
      return c.json(body, 200);
    },
  );
}
