import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import {
  ACCOUNT_DEACTIVATED_MESSAGE,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PRODUCT_NAME,
  WEAK_PASSWORD_MESSAGE,
  isCommonPassword,
} from '@app/shared';
import type { Config } from '../env';
import type { Database } from '../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../db/schema';
import { isAccountActive } from './accounts';
import { callbackLink, isEmailChangeToken } from './callback-links';
import { CLIENT_IP_HEADER } from './client-ip';
import type { Logger } from './logger';
import { emailChangeMail, passwordResetMail, verificationMail } from './mail/templates';
import type { Mailer } from './mail/mailer';
import { hashPassword, verifyPassword } from './passwords';
import { grantAdminByEmail } from './roles';

export interface AuthDeps {
  db: Database;
  config: Config;
  secret: string;
  mailer: Mailer;
  logger: Logger;
}

/** Paths whose body carries a new password, and the field that holds it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

export function createAuth({ db, config, secret, mailer, logger }: AuthDeps) {
  const { publicUrl } = config;
  // Vite's dev server proxies /api, so its origin sends cookie POSTs too.
  const trustedOrigins = config.production
    ? [publicUrl]
    : [publicUrl, 'http://localhost:5173', 'http://127.0.0.1:5173'];

  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      // Off on purpose: our hooks query through `db`, and PGlite's single
      // connection would wait forever behind better-auth's open transaction.
      // The account's profile and role are atomic with it anyway (a trigger).
      transaction: false,
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `auth: ${message}`),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // Onboarding needs a session right after sign-up; confirmation follows by mail.
      autoSignIn: true,
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(passwordResetMail(user.email, user.name, callbackLink(publicUrl, 'recovery', token)));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 3600,
      sendVerificationEmail: async ({ user, token }) => {
        const link = callbackLink(publicUrl, isEmailChangeToken(token) ? 'email_change' : 'signup', token);
        const mail = isEmailChangeToken(token) ? emailChangeMail : verificationMail;
        await mailer.send(mail(user.email, user.name, link));
      },
    },
    user: { changeEmail: { enabled: true } },
    socialProviders: config.google
      ? { google: { clientId: config.google.clientId, clientSecret: config.google.clientSecret } }
      : {},
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
      before: createAuthMiddleware(async (ctx) => {
        const field = NEW_PASSWORD_FIELDS[ctx.path];
        const password = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
        if (typeof password === 'string' && isCommonPassword(password)) {
          throw new APIError('BAD_REQUEST', { message: WEAK_PASSWORD_MESSAGE, code: 'WEAK_PASSWORD' });
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Every way of signing in creates a session: refusing here covers them all.
          before: async (session) => {
            if (!(await isAccountActive(db, session.userId))) {
              throw new APIError('FORBIDDEN', { message: ACCOUNT_DEACTIVATED_MESSAGE, code: 'ACCOUNT_DEACTIVATED' });
            }
          },
        },
      },
      user: {
        create: {
          after: async (user) => {
            if (config.adminEmails.includes(user.email.toLowerCase())) await grantAdminByEmail(db, [user.email]);
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
