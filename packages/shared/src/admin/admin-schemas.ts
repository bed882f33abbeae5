import { z } from 'zod';

/**
 * Request schemas of the admin API (/api/admin/*); answers are in admin-contract.ts.
 * Query parameters arrive as strings, hence the coercions.
 */

export const ADMIN_USERS_PAGE_SIZE = 20;
export const ADMIN_MAX_PAGE_SIZE = 100;
export const ADMIN_AUDIT_PAGE_SIZE = 50;
export const MAX_ADMIN_SEARCH_LENGTH = 100;
/** One adjustment moves credits by at most this much, and no balance goes above MAX_CREDITS. */
export const MAX_CREDIT_ADJUSTMENT = 10_000;
export const MAX_CREDITS = 1_000_000;

/**
 * The users list's filters (decision 060). Plan: paying (a live subscription), granted (a
 * plan grant in force, decision 065), beta (a Free Beta Access place, neither of those) or
 * free (none of them). Last activity (their own
 * messages and reflections): within 7 days, within 30 days, or dormant (none in 30 days, or never).
 */
export const ADMIN_PLAN_FILTERS = ['paying', 'granted', 'beta', 'free'] as const;
export const ADMIN_STATUS_FILTERS = ['active', 'inactive'] as const;
export const ADMIN_ACTIVITY_FILTERS = ['week', 'month', 'dormant'] as const;
export type AdminPlanFilter = (typeof ADMIN_PLAN_FILTERS)[number];
export type AdminActivityFilter = (typeof ADMIN_ACTIVITY_FILTERS)[number];

const page = z.coerce.number('Page must be a number').int('Page must be a whole number').min(1, 'Page starts at 1');

export const adminUserListQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(MAX_ADMIN_SEARCH_LENGTH, `Search must be at most ${MAX_ADMIN_SEARCH_LENGTH} characters`)
      .optional(),
    page: page.max(100_000, 'Page is too large').default(1),
    page_size: z.coerce
      .number('Page size must be a number')
      .int('Page size must be a whole number')
      .min(1, 'Page size must be at least 1')
      .max(ADMIN_MAX_PAGE_SIZE, `Page size must be at most ${ADMIN_MAX_PAGE_SIZE}`)
      .default(ADMIN_USERS_PAGE_SIZE),
    plan: z.enum(ADMIN_PLAN_FILTERS, 'Plan must be paying, granted, beta or free').optional(),
    status: z.enum(ADMIN_STATUS_FILTERS, 'Status must be active or inactive').optional(),
    activity: z.enum(ADMIN_ACTIVITY_FILTERS, 'Last activity must be week, month or dormant').optional(),
  })
  .strict();
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;

/** How long an admin may give The Space Pass for at once (decision 065). */
export const ADMIN_GRANT_DAYS = [30, 90, 365] as const;

/**
 * An admin gives a member The Space Pass for a number of days, or takes back what an admin
 * gave (Base Camp): a plan grant with an end date, audited (decision 065). A payment is
 * never written this way.
 */
export const adminPlanSchema = z.discriminatedUnion(
  'pricing_plan',
  [
    z.object({ pricing_plan: z.literal('Base Camp') }).strict(),
    z
      .object({
        pricing_plan: z.literal('The Space Pass'),
        days: z.union(
          ADMIN_GRANT_DAYS.map((n) => z.literal(n)),
          `Days must be ${ADMIN_GRANT_DAYS.join(', ')}`,
        ),
      })
      .strict(),
  ],
  { error: 'Plan must be Base Camp or The Space Pass' },
);
export type AdminPlanInput = z.infer<typeof adminPlanSchema>;

/** Credits added (positive) or removed (negative); the balance is floored at 0 (docs/product.md#connecting-to-the-coach). */
export const adminCreditsSchema = z
  .object({
    delta: z
      .number('Enter a whole number of credits')
      .int('Enter a whole number of credits')
      .min(-MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT} credits at a time`)
      .max(MAX_CREDIT_ADJUSTMENT, `At most ${MAX_CREDIT_ADJUSTMENT} credits at a time`)
      .refine((n) => n !== 0, 'Enter a number other than 0'),
  })
  .strict();
export type AdminCreditsInput = z.infer<typeof adminCreditsSchema>;

export const adminAuditQuerySchema = z
  .object({
    user_id: z.string().min(1).max(64, 'Unknown user').optional(),
    page: page.max(100_000, 'Page is too large').default(1),
  })
  .strict();
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** What the audit log records (lib/accounts/audit.ts on the server writes exactly these). */
export const AUDIT_ACTIONS = [
  'role.add',
  'role.remove',
  'account.activate',
  'account.deactivate',
  'account.email_change_undone',
  'account.email_changed',
  'account.password_changed',
  'account.password_reset',
  'plan.change',
  'credits.change',
  'prompt.create',
  'prompt.update',
  'prompt.delete',
  'step_template.create',
  'step_template.update',
  'step_template.delete',
  'saved_reply.create',
  'saved_reply.update',
  'saved_reply.delete',
  'two_factor.reset',
  'whatsapp.link',
  'coach.mode',
  'coach.state',
  'coach.draft_sent',
  'coach.draft_discarded',
  'member_note.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
