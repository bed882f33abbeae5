import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, createEmailVerificationToken, isAPIError } from 'better-auth/api';
import type { GoogleOptions } from 'better-auth/social-providers';
import {
  ACCOUNT_DEACTIVATED_MESSAGE,
  CONFIRM_WITH_PASSWORD_MESSAGE,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PRODUCT_NAME,
} from '@app/shared';
import type { Config } from '../../env';
import type { Database } from '../../db/client';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema';
import { sessionRefusal } from '../accounts/accounts';
import { createAdminEmailsRule } from '../accounts/admin-emails';
import { scopeAuthCallContexts } from './auth-async-context';
import { applyAuthInputRules } from './auth-input-rules';
import { authLogger } from './auth-logger';
import { callbackLink, isEmailChangeToken } from './callback-links';
import { isDatabaseUnavailable } from '../database-errors';
import { CLIENT_IP_HEADER } from '../http/client-ip';
import type { Logger } from '../logger';
import { emailChangeMail, passwordResetMail, signUpAttemptMail, verificationMail } from '../mail/templates';
import type { Mailer } from '../mail/mailer';
import { checkNewPassword } from './new-password-check';
import { hashPassword, verifyPassword } from './passwords';
import {
  clampProviderName,
  copyNameToProfile,
  dropUnprovenPassword,
  endOtherResets,
  markAddressProven,
} from '../accounts/account-writes';
import { createSignInGuard } from './sign-in-guard';
import { recordPendingEmailChange } from '../account-rights/pending-email';
import { secondFactorPlugins } from './second-factor';
import { afterEmailChanged, requireCurrentPassword, requireLatestEmailChange } from './email-change';
import { afterPasswordChanged, afterPasswordReset } from './password-notice';
import { markSignUpBrowser, refuseUnprovenSignIn, requireSignUpBrowser } from './sign-up-proof';

/** How long a mailed confirmation link works. */
const EMAIL_LINK_SECONDS = 3600;

/** What Google says about an id token and whose it is; tests stand in for Google (ServerOptions). */
export type GoogleIdentity = Pick<GoogleOptions, 'verifyIdToken' | 'getUserInfo'>;

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  logger: Logger;
  /**
   * Told, after the fact, that one of this account's sessions was deleted
   * (sign-out, revoked, password reset): the realtime hub closes the sockets
   * that rode on it (lib/realtime/hub.ts).
   */
  onSessionEnded?: (userId: string) => void;
  googleIdentity?: GoogleIdentity;
}

export function createAuth({ db, config, secret, mailer, logger, onSessionEnded, googleIdentity }: AuthDeps) {
  const { publicUrl } = config;
  // Under `npm run dev`, Vite's dev server proxies /api, so its origin sends cookie POSTs too.
  const trustedOrigins = config.production ? [publicUrl] : [publicUrl, ...config.devServerOrigins];
  const adminEmails = createAdminEmailsRule(db, config.adminEmails, logger);
  const signInGuard = createSignInGuard({ db, config, secret, mailer, logger });
  // Promise hooks only while a better-auth call runs (lib/auth/auth-async-context.ts); before betterAuth() starts.
  scopeAuthCallContexts();

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins,
    telemetry: { enabled: false },
    // Errors that are not an answer (a database outage, a bug) reach app.onError,
    // which answers 503 or a JSON 500, instead of better-auth's empty 500.
    onAPIError: { throw: true },
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Off on purpose: our hooks query through `db`, and PGlite's single
      // connection would wait forever behind better-auth's open transaction.
      // The account's profile and role are atomic with it anyway (a trigger).
      transaction: false,
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    // Two-step sign-in: required for admins, optional for members (lib/auth/second-factor.ts, decision 047).
    plugins: secondFactorPlugins(),
    logger: authLogger(logger),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Sign-up answers the same whether the address is new or taken (decision 009):
      // no session either way, and better-auth then answers a taken address with a
      // look-alike account instead of "User already exists". The confirmation link signs in.
      autoSignIn: false,
      // No session, and so no member rights, before the address is proven (decision 046).
      // refuseUnprovenSignIn answers such a sign-in first, with the same 401 as a wrong
      // password; better-auth's own check (a 403 that tells) is the backstop.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user }) => {
        if (user.emailVerified) {
          await mailer.send({ ...signUpAttemptMail(user, `${publicUrl}/auth`), userId: user.id });
          return;
        }
        // Not confirmed yet, perhaps not even by whoever signed up first: a fresh
        // confirmation link, which asks for that sign-up's password or a new one.
        const token = await createEmailVerificationToken(secret, user.email, undefined, EMAIL_LINK_SECONDS, {
          userId: user.id,
        });
        await mailer.send({
          ...verificationMail(user.email, callbackLink(publicUrl, 'signup', token)),
          userId: user.id,
        });
      },
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, token }) => {
        await mailer.send({ ...passwordResetMail(user, callbackLink(publicUrl, 'recovery', token)), userId: user.id });
      },
      onPasswordReset: async ({ user }) => {
        // The link used is spent; every other one mailed before it stops working too.
        await endOtherResets(db, user.id);
        // Following a link mailed to the address proves it, as the confirmation link does.
        await adminEmails.onAccountWritten(await markAddressProven(db, user.id));
        // Whoever can choose a new password owns the account: no reason to keep it locked.
        await signInGuard.clear(user.email);
        await afterPasswordReset({ db, mailer, publicUrl }, user);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        // Both go to an address nobody has proven yet: nothing the sender typed (decision 046).
        const link = callbackLink(publicUrl, isEmailChangeToken(token) ? 'email_change' : 'signup', token);
        const mail = isEmailChangeToken(token) ? emailChangeMail : verificationMail;
        // For an email change `user.email` is the new address: the mail is the account's all the same.
        await mailer.send({ ...mail(user.email, link), userId: user.id });
      },
    },
    user: { changeEmail: { enabled: true } },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret, ...googleIdentity } }
      : {},
    account: {
      // Google vouching for an address proves it, so it may join an account that never
      // proved it: that account's password and sessions go first (account.create below).
      accountLinking: { requireLocalEmailVerified: false },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: config.rateLimit.windowSeconds,
      max: config.rateLimit.max,
      customRules: {
        // Every page load asks for the session. Counting it would write a
        // rate-limit row per read (queued behind on PGlite's one connection)
        // and guard nothing: a forged cookie fails its signature before any lookup.
        '/get-session': false,
        '/sign-in/email': { window: 60, max: config.rateLimit.signInMax },
        '/request-password-reset': { window: 60, max: config.rateLimit.signInMax },
        '/sign-up/email': { window: 60, max: config.rateLimit.signInMax },
        // Codes are guessed like passwords: the same limit per address (decision 047).
        '/two-factor/*': { window: 60, max: config.rateLimit.signInMax },
        // It checks the current password now (decision 046), so it is limited like sign-in.
        '/change-email': { window: 60, max: config.rateLimit.signInMax },
      },
    },
    advanced: {
      cookiePrefix: 'calm',
      useSecureCookies: config.production,
      // Stated, not left to the default: better-auth turns these checks off
      // when NODE_ENV is "test", and our tests must see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // The server writes the real socket address into this header and
      // overwrites anything a client sent (see client-ip.ts).
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: {
      // Our input rules (auth-input-rules.ts): a 400 before better-auth writes anything.
      before: createAuthMiddleware(async (ctx) => {
        const replaced = applyAuthInputRules(ctx.path, ctx.body);
        // Then the password's strength and the per-account sign-in lock.
        await checkNewPassword(ctx);
        await signInGuard.before(ctx);
        // Proof before power (decision 046).
        await refuseUnprovenSignIn(ctx, db);
        await requireCurrentPassword(ctx, db);
        await requireSignUpBrowser(ctx, db);
        await requireLatestEmailChange(ctx, db);
        if (replaced) return { context: { body: { ...(ctx.body as object), ...replaced } } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        // Some endpoints catch a database outage and answer a generic 500 ("Failed to
        // get session"); handing the cause on lets app.onError answer 503 instead.
        const returned = ctx.context.returned;
        if (isAPIError(returned) && returned.statusCode >= 500 && isDatabaseUnavailable(returned)) {
          throw new Error('database unavailable', { cause: returned });
        }
        await signInGuard.after(ctx);
        // So the profile can say where the confirmation link went until it is followed.
        await recordPendingEmailChange(db, ctx, EMAIL_LINK_SECONDS);
        // Proof before power (decision 046).
        await markSignUpBrowser(ctx);
        await afterEmailChanged(ctx, { db, mailer, publicUrl });
        await afterPasswordChanged(ctx, { db, mailer, publicUrl });
      }),
    },
    databaseHooks: {
      session: {
        delete: {
          // Every way better-auth ends a session deletes its row through here.
          after: async (session) => onSessionEnded?.(session.userId),
        },
        create: {
          // Every way of signing in creates a session: refusing here covers them all.
          before: async (session) => {
            const refusal = await sessionRefusal(db, session.userId);
            if (refusal === 'deactivated') {
              throw new APIError('FORBIDDEN', { message: ACCOUNT_DEACTIVATED_MESSAGE, code: 'ACCOUNT_DEACTIVATED' });
            }
            // No session before the address is proven (decision 046), whatever the way in.
            if (refusal === 'unproven') {
              throw new APIError('FORBIDDEN', { message: CONFIRM_WITH_PASSWORD_MESSAGE, code: 'EMAIL_NOT_VERIFIED' });
            }
          },
        },
      },
      account: {
        create: {
          // Google joining an account whose address was never proven (decision 046).
          after: async (account) => {
            if (account.providerId === 'credential') return;
            if (await dropUnprovenPassword(db, account.userId)) {
              logger.info(
                { userId: account.userId },
                'provider proved an unconfirmed address: its password and sessions ended',
              );
            }
          },
        },
      },
      user: {
        // The admin role of ADMIN_EMAILS follows a verified address (decision 010):
        // a Google account that vouches for it at creation, or a later update
        // that sets it verified (confirmation link, email change, Google link).
        create: {
          before: async (user) => clampProviderName(user),
          after: async (user) => adminEmails.onAccountWritten(user),
        },
        update: {
          before: async (data) => clampProviderName(data),
          after: async (user, ctx) => {
            // better-auth's update-user changes users.name only; the profile keeps a copy.
            if (ctx?.path === '/update-user' && user && typeof ctx.body?.name === 'string') {
              await copyNameToProfile(db, user.id, user.name);
            }
            await adminEmails.onAccountWritten(user);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
