import { z } from 'zod';
import { isLoopbackHost } from './lib/http/loopback';
import { MIN_KEY_BYTES, secretKey } from './lib/webhooks/standard-webhooks';

/**
 * Configuration, read once from the environment and validated. Local mode
 * (the default) runs with nothing set; production mode refuses to start until
 * every variable it needs is present, and says which are missing.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean),
);

/** Meta's Graph API, and the version the bridge was built and tested against (decision 056). */
export const DEFAULT_GRAPH_API_URL = 'https://graph.facebook.com';
export const DEFAULT_GRAPH_API_VERSION = 'v26.0';

const schema = z.object({
  APP_ENV: z.enum(['local', 'production']).default('local'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().optional(),
  ALLOW_REMOTE_LOCAL_MODE: bool.default(false),
  DEV_SERVER_ORIGINS: csv
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'DEV_SERVER_ORIGINS must be http(s) origins' })))
    .default([]),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Calm Space <hello@calmspace.local>'),
  ADMIN_EMAILS: csv.default([]),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  TRUST_PROXY: bool.default(false),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\d{7,15}$/, 'WHATSAPP_NUMBER must be digits only, in international format')
    .optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^\d{5,30}$/, 'WHATSAPP_PHONE_NUMBER_ID must be the digits Meta shows')
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().min(20, 'WHATSAPP_ACCESS_TOKEN must be a system-user access token').optional(),
  WHATSAPP_APP_SECRET: z
    .string()
    .min(16, 'WHATSAPP_APP_SECRET must be the app secret from the App Dashboard')
    .optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(16, 'WHATSAPP_VERIFY_TOKEN must be at least 16 characters').optional(),
  WHATSAPP_GRAPH_API_URL: z
    .url({ protocol: /^https?$/, error: 'WHATSAPP_GRAPH_API_URL must be an http(s) address' })
    .default(DEFAULT_GRAPH_API_URL),
  WHATSAPP_GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d{2}\.0$/, 'WHATSAPP_GRAPH_API_VERSION must look like v26.0')
    .default(DEFAULT_GRAPH_API_VERSION),
  WHATSAPP_REPLY_TEMPLATE: z
    .string()
    .regex(
      /^[a-z0-9_]{1,512}:[a-z]{2,3}(_[A-Z]{2})?$/,
      'WHATSAPP_REPLY_TEMPLATE must be an approved template name and its language, e.g. reply_waiting:en_GB',
    )
    .optional(),
  WHATSAPP_PROGRAMME_TEMPLATE: z
    .string()
    .regex(
      /^[a-z0-9_]{1,512}:[a-z]{2,3}(_[A-Z]{2})?$/,
      'WHATSAPP_PROGRAMME_TEMPLATE must be an approved utility template name and its language, e.g. programme_waiting:en_GB',
    )
    .optional(),
  PROGRAMME_CATCH_UP_HOURS: z.coerce
    .number('PROGRAMME_CATCH_UP_HOURS must be a number of hours')
    .min(0, 'PROGRAMME_CATCH_UP_HOURS must be between 0 and 12')
    .max(12, 'PROGRAMME_CATCH_UP_HOURS must be between 0 and 12')
    .default(3),
  PROGRAMME_SCHEDULER_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  // Telling people a message is waiting (decision 063).
  REPLY_MAIL_DELAY_MINUTES: z.coerce
    .number('REPLY_MAIL_DELAY_MINUTES must be a number of minutes')
    .int('REPLY_MAIL_DELAY_MINUTES must be a whole number of minutes')
    .min(1, 'REPLY_MAIL_DELAY_MINUTES must be between 1 and 1440')
    .max(1440, 'REPLY_MAIL_DELAY_MINUTES must be between 1 and 1440')
    .default(30),
  REPLY_MAIL_WINDOW_HOURS: z.coerce
    .number('REPLY_MAIL_WINDOW_HOURS must be a number of hours')
    .min(1, 'REPLY_MAIL_WINDOW_HOURS must be between 1 and 72')
    .max(72, 'REPLY_MAIL_WINDOW_HOURS must be between 1 and 72')
    .default(4),
  COACH_DIGEST_INTERVAL_MINUTES: z.coerce
    .number('COACH_DIGEST_INTERVAL_MINUTES must be a number of minutes')
    .int('COACH_DIGEST_INTERVAL_MINUTES must be a whole number of minutes')
    .min(5, 'COACH_DIGEST_INTERVAL_MINUTES must be between 5 and 1440')
    .max(1440, 'COACH_DIGEST_INTERVAL_MINUTES must be between 5 and 1440')
    .default(60),
  COACH_ONLINE_MINUTES: z.coerce
    .number('COACH_ONLINE_MINUTES must be a number of minutes')
    .int('COACH_ONLINE_MINUTES must be a whole number of minutes')
    .min(1, 'COACH_ONLINE_MINUTES must be between 1 and 60')
    .max(60, 'COACH_ONLINE_MINUTES must be between 1 and 60')
    .default(5),
  WHATSAPP_SILENCE_ALERT_HOURS: z.coerce.number().int().positive().default(24),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(100),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  // Per client address and minute, for sign-in, sign-up and reset each: room for an office of
  // ~200 behind one address on a Monday morning; guessing one account is the per-account
  // guard's job (SIGN_IN_ACCOUNT_*, decision 049).
  SIGN_IN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  SIGN_IN_ACCOUNT_SLOWDOWN_AFTER: z.coerce.number().int().positive().default(5),
  SIGN_IN_ACCOUNT_SLOWDOWN_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  SIGN_IN_ACCOUNT_LOCK_AFTER: z.coerce.number().int().positive().default(10),
  SIGN_IN_ACCOUNT_LOCK_SECONDS: z.coerce.number().int().positive().default(900),
  AUTOMATION_WEBHOOK_URL: z
    .url({ protocol: /^https?$/, error: 'AUTOMATION_WEBHOOK_URL must be an http(s) address' })
    .optional(),
  AUTOMATION_WEBHOOK_SECRET: z
    .string()
    .refine((value) => secretKey(value) !== undefined, {
      error: `AUTOMATION_WEBHOOK_SECRET must be a Standard Webhooks secret: whsec_ and at least ${MIN_KEY_BYTES} bytes in base64`,
    })
    .optional(),
  /** The AI coach (decision 057); its variables are read by coachConfig. */
  COACH_MODE: z.enum(['off', 'drafts', 'automatic']).default('automatic'),
  COACH_LLM_BASE_URL: z
    .url({ protocol: /^https?$/, error: 'COACH_LLM_BASE_URL must be an http(s) address' })
    .optional(),
  COACH_LLM_API_KEY: z.string().optional(),
  COACH_LLM_API_KEY_HEADER: z.enum(['authorization', 'api-key']).default('authorization'),
  COACH_LLM_MODEL: z.string().optional(),
  COACH_LLM_CLASSIFIER_MODEL: z.string().optional(),
  COACH_LLM_TRANSCRIPTION_MODEL: z.string().optional(),
  COACH_LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(20_000),
  COACH_REPLIES_PER_DAY: z.coerce.number().int().positive().default(60),
  COACH_REPLIES_PER_MINUTE: z.coerce.number().int().positive().default(6),
  COACH_MONTHLY_TOKEN_BUDGET: z.coerce.number().int().positive().default(5_000_000),
  COACH_AUTOMATION_URL: z
    .url({ protocol: /^https?$/, error: 'COACH_AUTOMATION_URL must be an http(s) address' })
    .optional(),
  COACH_AUTOMATION_SECRET: z
    .string()
    .refine((value) => secretKey(value) !== undefined, {
      error: `COACH_AUTOMATION_SECRET must be a Standard Webhooks secret: whsec_ and at least ${MIN_KEY_BYTES} bytes in base64`,
    })
    .optional(),
  COACH_AUTOMATION_TOKEN: z.string().min(32, 'COACH_AUTOMATION_TOKEN must be at least 32 characters').optional(),
  MAIL_PER_RECIPIENT_MAX: z.coerce.number().int().positive().default(10),
  MAIL_PER_RECIPIENT_WINDOW_SECONDS: z.coerce.number().int().positive().default(3600),
  EXIT_SURVEY_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(5),
  EXIT_SURVEY_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_SPACE_PASS_MONTHLY: z.string().optional(),
  STRIPE_PRICE_SPACE_PASS_YEARLY: z.string().optional(),
  STRIPE_PRICE_STARTER_MONTHLY: z.string().optional(),
  STRIPE_PRICE_STARTER_YEARLY: z.string().optional(),
  STRIPE_PRICE_GROWTH_MONTHLY: z.string().optional(),
  STRIPE_PRICE_GROWTH_YEARLY: z.string().optional(),
  STRIPE_PRICE_SUMMIT_MONTHLY: z.string().optional(),
  STRIPE_PRICE_SUMMIT_YEARLY: z.string().optional(),
  BETA_SEATS: z.coerce.number().int().min(0).default(50),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
});

export const PRODUCTION_REQUIRED = [
  'DATABASE_URL',
  'AUTH_SECRET',
  'PUBLIC_URL',
  'SMTP_URL',
  'WHATSAPP_NUMBER',
] as const;

/** A documented stand-in number for local mode; production must set its own. */
export const PLACEHOLDER_WHATSAPP_NUMBER = '447700900000';

/** The four settings of the WhatsApp Cloud API bridge: all, or none. */
export const WHATSAPP_CLOUD_VARIABLES = [
  'WHATSAPP_PHONE_NUMBER_ID',
  'WHATSAPP_ACCESS_TOKEN',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
] as const;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export type Config = ReturnType<typeof loadConfig>;

/** The environment variables holding the Stripe price ids of what is sold (decision 065): The Space Pass. */
export const STRIPE_PRICE_VARIABLES = {
  space_pass: { month: 'STRIPE_PRICE_SPACE_PASS_MONTHLY', year: 'STRIPE_PRICE_SPACE_PASS_YEARLY' },
} as const;

/**
 * The price ids of the tiers sold before (Starter, Growth, Summit), optional: a
 * subscription still billed at one of them reads as The Space Pass, and none is sold again.
 */
export const STRIPE_EARLIER_PRICE_VARIABLES = {
  month: ['STRIPE_PRICE_STARTER_MONTHLY', 'STRIPE_PRICE_GROWTH_MONTHLY', 'STRIPE_PRICE_SUMMIT_MONTHLY'],
  year: ['STRIPE_PRICE_STARTER_YEARLY', 'STRIPE_PRICE_GROWTH_YEARLY', 'STRIPE_PRICE_SUMMIT_YEARLY'],
} as const;

export type StripePriceIds = Record<keyof typeof STRIPE_PRICE_VARIABLES, { month: string; year: string }>;
export type StripeEarlierPriceIds = { month: string[]; year: string[] };

const STRIPE_PRICE_ID = /^price_\w+$/;

/**
 * With STRIPE_SECRET_KEY set, every price id and the webhook secret must be
 * too, and look like Stripe's (price_…, whsec_…): a typo is found at start-up,
 * not by the first member who tries to pay. Earlier prices are optional, checked when given.
 */
function stripeConfig(c: z.infer<typeof schema>) {
  if (!c.STRIPE_SECRET_KEY) return undefined;
  const problems: string[] = [];
  if (!/^(sk|rk)_(test|live)_\w+$/.test(c.STRIPE_SECRET_KEY)) {
    problems.push('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)');
  }
  if (!c.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set');
  else if (!c.STRIPE_WEBHOOK_SECRET.startsWith('whsec_')) {
    problems.push('STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_…)');
  }
  const prices = {} as StripePriceIds;
  for (const [plan, periods] of Object.entries(STRIPE_PRICE_VARIABLES) as [
    keyof StripePriceIds,
    { month: string; year: string },
  ][]) {
    const ids = { month: '', year: '' };
    for (const period of ['month', 'year'] as const) {
      const name = periods[period] as keyof typeof c;
      const value = c[name] as string | undefined;
      if (!value) problems.push(`${name} is required when STRIPE_SECRET_KEY is set`);
      else if (!STRIPE_PRICE_ID.test(value)) problems.push(`${name} must be a Stripe price id (price_…)`);
      else ids[period] = value;
    }
    prices[plan] = ids;
  }
  const earlierPrices: StripeEarlierPriceIds = { month: [], year: [] };
  for (const period of ['month', 'year'] as const) {
    for (const name of STRIPE_EARLIER_PRICE_VARIABLES[period]) {
      const value = c[name];
      if (!value) continue;
      if (!STRIPE_PRICE_ID.test(value)) problems.push(`${name} must be a Stripe price id (price_…)`);
      else earlierPrices[period].push(value);
    }
  }
  const all = [
    ...Object.values(prices).flatMap((p) => [p.month, p.year]),
    ...earlierPrices.month,
    ...earlierPrices.year,
  ].filter(Boolean);
  if (new Set(all).size !== all.length) problems.push('Each STRIPE_PRICE_… variable must hold a different price id');
  if (problems.length) throw new ConfigError(problems);
  return { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET!, prices, earlierPrices };
}

/**
 * The WhatsApp bridge (decision 056): the Cloud API when all four settings are
 * given; none in local mode is the local provider (the /dev/whatsapp phone);
 * none in production is no bridge (health says so). Some but not all is
 * refused, naming what is missing: half a bridge would take messages in and
 * never answer, or answer into the void.
 */
function whatsappConfig(c: z.infer<typeof schema>, production: boolean) {
  const given = WHATSAPP_CLOUD_VARIABLES.filter((name) => c[name]);
  const [name, language] = c.WHATSAPP_REPLY_TEMPLATE?.split(':') ?? [];
  const replyTemplate = name && language ? { name, language } : undefined;
  const [programmeName, programmeLanguage] = c.WHATSAPP_PROGRAMME_TEMPLATE?.split(':') ?? [];
  const programmeTemplate =
    programmeName && programmeLanguage ? { name: programmeName, language: programmeLanguage } : undefined;
  const common = {
    replyTemplate,
    programmeTemplate,
    graphApiUrl: c.WHATSAPP_GRAPH_API_URL.replace(/\/$/, ''),
    graphApiVersion: c.WHATSAPP_GRAPH_API_VERSION,
    silenceAlertHours: c.WHATSAPP_SILENCE_ALERT_HOURS,
  };
  if (given.length === WHATSAPP_CLOUD_VARIABLES.length) {
    return {
      mode: 'cloud' as const,
      ...common,
      phoneNumberId: c.WHATSAPP_PHONE_NUMBER_ID!,
      accessToken: c.WHATSAPP_ACCESS_TOKEN!,
      appSecret: c.WHATSAPP_APP_SECRET!,
      verifyToken: c.WHATSAPP_VERIFY_TOKEN!,
    };
  }
  if (given.length) {
    const missing = WHATSAPP_CLOUD_VARIABLES.filter((variable) => !c[variable]);
    throw new ConfigError(
      missing.map(
        (variable) => `${variable} is required when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set`,
      ),
    );
  }
  return production ? { mode: 'off' as const, ...common } : { mode: 'local' as const, ...common };
}

export type WhatsAppConfig = ReturnType<typeof whatsappConfig>;

/**
 * The AI coach (decision 057). A language model when COACH_LLM_BASE_URL and
 * COACH_LLM_MODEL are both given (some without the other is refused), else the
 * scripted coach. An outside automation when COACH_AUTOMATION_URL is set: it
 * needs its secret (its hooks are signed) and its token (its answers are
 * authenticated) in production, and the token everywhere.
 */
function coachConfig(c: z.infer<typeof schema>, production: boolean) {
  const problems: string[] = [];
  if (Boolean(c.COACH_LLM_BASE_URL) !== Boolean(c.COACH_LLM_MODEL)) {
    problems.push('COACH_LLM_BASE_URL and COACH_LLM_MODEL are needed together for a language model');
  }
  if (c.COACH_AUTOMATION_URL && !c.COACH_AUTOMATION_TOKEN) {
    problems.push('COACH_AUTOMATION_TOKEN is required when COACH_AUTOMATION_URL is set');
  }
  if (production && c.COACH_AUTOMATION_URL && !c.COACH_AUTOMATION_SECRET) {
    problems.push('COACH_AUTOMATION_SECRET is required when COACH_AUTOMATION_URL is set (APP_ENV=production)');
  }
  if (problems.length) throw new ConfigError(problems);
  return {
    /** The global setting until a coach changes it (coach_settings). */
    defaultMode: c.COACH_MODE,
    model:
      c.COACH_LLM_BASE_URL && c.COACH_LLM_MODEL
        ? {
            baseUrl: c.COACH_LLM_BASE_URL.replace(/\/$/, ''),
            apiKey: c.COACH_LLM_API_KEY,
            apiKeyHeader: c.COACH_LLM_API_KEY_HEADER,
            model: c.COACH_LLM_MODEL,
            classifierModel: c.COACH_LLM_CLASSIFIER_MODEL,
            transcriptionModel: c.COACH_LLM_TRANSCRIPTION_MODEL,
            timeoutMs: c.COACH_LLM_TIMEOUT_MS,
            maxRetries: 2,
          }
        : undefined,
    limits: {
      repliesPerDay: c.COACH_REPLIES_PER_DAY,
      repliesPerMinute: c.COACH_REPLIES_PER_MINUTE,
      monthlyTokenBudget: c.COACH_MONTHLY_TOKEN_BUDGET,
    },
    automation: c.COACH_AUTOMATION_URL
      ? { url: c.COACH_AUTOMATION_URL, secret: c.COACH_AUTOMATION_SECRET, token: c.COACH_AUTOMATION_TOKEN! }
      : undefined,
  };
}

export type CoachConfig = ReturnType<typeof coachConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // Empty strings mean "not set": it is how shells and .env files blank a variable.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const c = parsed.data;
  const production = c.APP_ENV === 'production';
  if (production) {
    const missing = PRODUCTION_REQUIRED.filter((name) => !c[name]);
    if (missing.length) {
      throw new ConfigError(missing.map((name) => `${name} is required when APP_ENV=production`));
    }
  }
  // Unsigned hooks would let anyone who learns the address feed the automation: production signs them.
  if (production && c.AUTOMATION_WEBHOOK_URL && !c.AUTOMATION_WEBHOOK_SECRET) {
    throw new ConfigError([
      'AUTOMATION_WEBHOOK_SECRET is required when AUTOMATION_WEBHOOK_URL is set (APP_ENV=production)',
    ]);
  }
  const stripe = stripeConfig(c);
  const whatsapp = whatsappConfig(c, production);
  const coach = coachConfig(c, production);
  const host = c.HOST ?? (production ? '0.0.0.0' : '127.0.0.1');
  if (!production && !isLoopbackHost(host) && !c.ALLOW_REMOTE_LOCAL_MODE) {
    throw new ConfigError([
      `HOST=${host} would open local mode to other machines. Local mode has no mail server and is meant ` +
        'for this machine only. Listen on HOST=127.0.0.1, run APP_ENV=production with its settings, ' +
        'or set ALLOW_REMOTE_LOCAL_MODE=true if other machines should reach it (the local mailbox still answers only this one).',
    ]);
  }
  return {
    production,
    port: c.PORT,
    host,
    dataDir: c.DATA_DIR,
    databaseUrl: c.DATABASE_URL,
    authSecret: c.AUTH_SECRET,
    publicUrl: (c.PUBLIC_URL ?? `http://127.0.0.1:${c.PORT}`).replace(/\/$/, ''),
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    adminEmails: c.ADMIN_EMAILS,
    google:
      c.GOOGLE_CLIENT_ID && c.GOOGLE_CLIENT_SECRET
        ? { clientId: c.GOOGLE_CLIENT_ID, clientSecret: c.GOOGLE_CLIENT_SECRET }
        : undefined,
    trustProxy: c.TRUST_PROXY,
    /** Set by `npm run dev` for Vite's dev server; trusted as an origin in local mode only. */
    devServerOrigins: c.DEV_SERVER_ORIGINS.map((url) => new URL(url).origin),
    whatsappNumber: c.WHATSAPP_NUMBER ?? PLACEHOLDER_WHATSAPP_NUMBER,
    /** The WhatsApp bridge: the Cloud API, the local provider (local mode), or off (whatsappConfig). */
    whatsapp,
    /** The AI coach: its default mode, model, limits and outside automation (coachConfig). */
    coach,
    /** The coaching programme's scheduler (decision 058). */
    programme: {
      /** A missed item (every instance down at its time) still goes this long after it; older ones never. */
      catchUpMs: c.PROGRAMME_CATCH_UP_HOURS * 60 * 60_000,
      schedulerIntervalMs: c.PROGRAMME_SCHEDULER_INTERVAL_SECONDS * 1000,
    },
    /** Mails that a message waits (decision 063); their passes run on the programme's scheduler. */
    notifications: {
      /** A reply unseen this long is mailed about. */
      replyMailDelayMs: c.REPLY_MAIL_DELAY_MINUTES * 60_000,
      /** At most one reply mail per conversation in this span. */
      replyMailWindowMs: c.REPLY_MAIL_WINDOW_HOURS * 60 * 60_000,
      /** At most one digest per coach in this span, and only while they are away. */
      coachDigestIntervalMs: c.COACH_DIGEST_INTERVAL_MINUTES * 60_000,
      /** A coach with an admin socket open this recently is online (no digest). */
      coachOnlineMs: c.COACH_ONLINE_MINUTES * 60_000,
    },
    rateLimit: {
      max: c.AUTH_RATE_LIMIT_MAX,
      windowSeconds: c.AUTH_RATE_LIMIT_WINDOW_SECONDS,
      signInMax: c.SIGN_IN_RATE_LIMIT_MAX,
    },
    /** Failed sign-ins per account, from any address (lib/auth/sign-in-guard.ts). */
    signInGuard: {
      slowdownAfter: c.SIGN_IN_ACCOUNT_SLOWDOWN_AFTER,
      slowdownMs: c.SIGN_IN_ACCOUNT_SLOWDOWN_MS,
      lockAfter: c.SIGN_IN_ACCOUNT_LOCK_AFTER,
      lockSeconds: c.SIGN_IN_ACCOUNT_LOCK_SECONDS,
    },
    /** Mails one address may be sent per window, from every instance (lib/mail/mailer.ts, decision 046). */
    mailPerRecipient: {
      max: c.MAIL_PER_RECIPIENT_MAX,
      windowSeconds: c.MAIL_PER_RECIPIENT_WINDOW_SECONDS,
    },
    /**
     * Where each saved exit survey is POSTed, through the outbox, signed with the secret
     * (lib/webhooks/outbound.ts); unset: not sent. Without a secret (local mode only) unsigned.
     */
    automationWebhook: c.AUTOMATION_WEBHOOK_URL
      ? { url: c.AUTOMATION_WEBHOOK_URL, secret: c.AUTOMATION_WEBHOOK_SECRET }
      : undefined,
    exitSurveyRateLimit: {
      max: c.EXIT_SURVEY_RATE_LIMIT_MAX,
      windowSeconds: c.EXIT_SURVEY_RATE_LIMIT_WINDOW_SECONDS,
    },
    /** Set when STRIPE_SECRET_KEY is: payments go through Stripe; otherwise the local provider (local mode only). */
    stripe,
    /** How many Free Beta Access places there are (lib/billing/beta-seats.ts). */
    betaSeats: c.BETA_SEATS,
    logLevel: c.LOG_LEVEL,
    webDistDir: c.WEB_DIST_DIR,
  };
}
