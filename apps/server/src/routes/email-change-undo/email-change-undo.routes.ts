import { Hono } from 'hono';
import { emailChangeUndoSchema, type ApiErrorBody, type EmailChangeUndoneDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { undoEmailChange } from '../../lib/auth/email-change';
import { routeAccess } from '../../middleware/access';
import { rateLimitPerClient } from '../../middleware/rate-limit';
import { validate } from '../../middleware/validate';

const UNUSABLE: ApiErrorBody = {
  error: 'This link has already been used or has expired. If your account still needs help, please contact support.',
  code: 'INVALID_TOKEN',
};
const ADDRESS_TAKEN: ApiErrorBody = {
  error: 'Another account uses that address now, so it cannot be put back. Please contact support.',
  code: 'address_taken',
};

/**
 * "This was not me: undo the change", from the notice mailed to an account's
 * previous address after an email change (decision 046, lib/auth/email-change.ts).
 * No session needed: the link was mailed to the proven old address, which is
 * the proof. POST from the page's button, so a mail scanner fetching the link
 * undoes nothing. The token is 32 random bytes, kept only as its hash.
 */
export function emailChangeUndoRoutes(deps: AppDeps) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>().post(
    '/',
    access.public,
    validate('json', emailChangeUndoSchema),
    rateLimitPerClient(db, {
      name: 'email-change-undo',
      max: deps.config.rateLimit.signInMax,
      windowSeconds: 60,
      message: 'Too many tries from this address. Please wait a minute and try again.',
    }),
    async (c) => {
      const result = await undoEmailChange(db, c.req.valid('json').token);
      if (result.outcome === 'unusable') return c.json(UNUSABLE, 400);
      if (result.outcome === 'address_taken') return c.json(ADDRESS_TAKEN, 409);
      const body: EmailChangeUndoneDto = { email: result.email, reset_token: result.resetToken };
      return c.json(body, 200);
    },
  );
}
