import type { GenericEndpointContext, HookEndpointContext } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, WEAK_PASSWORD_CODE, type PasswordOwner } from '@app/shared';

/** Paths whose body carries a new password, and the field that holds it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/**
 * hooks.before: refuses a new password that is easy to guess with 400 and the
 * estimator's reason (docs/decisions/011). The browser shows the same judgement
 * as a hint; this is the check that counts.
 */
export async function checkNewPassword(ctx: HookEndpointContext): Promise<void> {
  const field = ctx.path ? NEW_PASSWORD_FIELDS[ctx.path] : undefined;
  if (!field) return;
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  const password = body[field];
  // Too short or too long: better-auth answers with the spec's length messages.
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    return;
  }
  const owner = await passwordOwner(ctx, body);
  // No live reset token or no session: better-auth refuses the request next,
  // and nobody gets to spend the estimator's CPU without one.
  if (!owner) return;
  // Loaded on first use: its word lists take a moment to parse, which start-up need not wait for.
  const { judgePassword } = await import('@app/shared/password-strength');
  const verdict = judgePassword(password, owner);
  if (!verdict.ok) throw new APIError('BAD_REQUEST', { message: verdict.message, code: WEAK_PASSWORD_CODE });
}

/** Whose password it will be: their email and name are words it must not be built from. */
async function passwordOwner(ctx: HookEndpointContext, body: Record<string, unknown>): Promise<PasswordOwner | null> {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  switch (ctx.path) {
    case '/sign-up/email':
      return { email: text(body.email), name: text(body.name) };
    case '/reset-password': {
      const token = text(body.token) ?? text((ctx.query as Record<string, unknown> | undefined)?.token);
      if (!token) return null;
      const { internalAdapter } = ctx.context;
      const verification = await internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!verification || verification.expiresAt < new Date()) return null;
      const user = await internalAdapter.findUserById(verification.value);
      return user && { email: user.email, name: user.name };
    }
    case '/change-password': {
      const session = await getSessionFromCtx(ctx as GenericEndpointContext, { disableRefresh: true });
      return session && { email: session.user.email, name: session.user.name };
    }
    default:
      return null;
  }
}
