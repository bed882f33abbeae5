import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { PRODUCT_NAME, TWO_FACTOR_CODES, TWO_FACTOR_MESSAGES, type ApiErrorBody, type Role } from '@app/shared';

/**
 * Two-step sign-in (decision 047), from better-auth's two-factor plugin: TOTP
 * (RFC 6238, six digits, 30 s) with ten one-time recovery codes. The plugin
 * stores the secret and the codes encrypted with the auth secret and, once an
 * account has a factor, answers a correct password with a challenge instead of
 * a session; the session comes from /two-factor/verify-totp (or a recovery
 * code).
 *
 * What the plugin does not say is whether a given session passed the factor:
 * sessions made before it was set up, or by a mail link or Google, did not.
 * So each session carries `twoFactorVerified`, set only when better-auth
 * creates it on a verify endpoint, i.e. after a right code (sign-in, or the
 * end of enrolment), and carried over when a password change replaces such a
 * session. The admin guard asks for it (`adminSecondFactorRefusal`).
 */

/** A session created on these endpoints was created by a right code. */
const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);
/** These change or reveal the factor: only from a session that passed it (when the account has one). */
const FACTOR_CHANGING_PATHS = new Set([
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);

export type SecondFactorState = 'not-enrolled' | 'not-passed' | 'passed';

/** From the account's `two_factor_enabled` and the session's `two_factor_verified`. */
export function secondFactorState(enrolled: boolean, sessionPassed: boolean): SecondFactorState {
  if (!enrolled) return 'not-enrolled';
  return sessionPassed ? 'passed' : 'not-passed';
}

/** Why an admin may not use the admin area yet, or null when they may. */
export function adminSecondFactorRefusal(state: SecondFactorState): ApiErrorBody | null {
  if (state === 'passed') return null;
  return state === 'not-enrolled'
    ? { error: TWO_FACTOR_MESSAGES.enrolmentRequired, code: TWO_FACTOR_CODES.enrolmentRequired }
    : { error: TWO_FACTOR_MESSAGES.signInRequired, code: TWO_FACTOR_CODES.signInRequired };
}

/** The admin area's rule, for HTTP (middleware/auth-guards.ts) and the realtime socket alike. */
export function mayUseAdminArea(account: { roles: readonly Role[]; secondFactor: SecondFactorState }): boolean {
  return account.roles.includes('admin') && account.secondFactor === 'passed';
}

/** The better-auth plugins: the library's two-factor support and our session marker. */
export function secondFactorPlugins() {
  return [
    twoFactor({
      issuer: PRODUCT_NAME,
      // Recovery codes stay encrypted at rest, as the secret is (the plugin's default, stated).
      backupCodeOptions: { storeBackupCodes: 'encrypted' },
    }),
    secondFactorSessions(),
  ] satisfies BetterAuthPlugin[];
}

function secondFactorSessions() {
  return {
    id: 'calm-second-factor-sessions',
    schema: {
      session: {
        fields: {
          // input: false: better-auth's /update-session refuses it from a client.
          twoFactorVerified: { type: 'boolean', required: false, defaultValue: false, input: false },
        },
      },
    },
    init: () => ({
      options: {
        databaseHooks: {
          session: {
            create: {
              // Every session better-auth creates passes here; only these count as having passed the factor.
              before: async (session: Record<string, unknown>, ctx: GenericEndpointContext | null) => {
                const path = ctx?.path ?? '';
                const replacesPassedSession =
                  path === '/change-password' && ctx?.context.session?.session.twoFactorVerified === true;
                return { data: { ...session, twoFactorVerified: VERIFY_PATHS.has(path) || replacesPassedSession } };
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: (ctx: { path?: string }) =>
            VERIFY_PATHS.has(ctx.path ?? '') || FACTOR_CHANGING_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            if (VERIFY_PATHS.has(ctx.path)) {
              // A trusted device's later sign-ins would skip the code, and so pass no factor.
              if ((ctx.body as { trustDevice?: unknown } | undefined)?.trustDevice) {
                throw new APIError('BAD_REQUEST', { message: TWO_FACTOR_MESSAGES.noTrustedDevices });
              }
              return;
            }
            // A session that never passed the factor (older than it, or from a mail link) may
            // not remove it, read its secret or mint new recovery codes.
            const current = await getSessionFromCtx(ctx);
            const session = current?.session as { twoFactorVerified?: boolean } | undefined;
            const user = current?.user as { twoFactorEnabled?: boolean } | undefined;
            if (user?.twoFactorEnabled && !session?.twoFactorVerified) {
              throw new APIError('FORBIDDEN', {
                message: TWO_FACTOR_MESSAGES.signInRequired,
                code: TWO_FACTOR_CODES.signInRequired,
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
