import { z } from 'zod';

/**
 * Request schemas and response shapes of the member API (/api/me/*, /api/catalog/*).
 * The web app and the server both use these, so a form and its endpoint agree.
 */

export const MAX_REFLECTION_LENGTH = 5000;

export const reflectionCreateSchema = z
  .object({
    reflection_text: z
      .string('Please write your reflection first')
      .trim()
      .min(1, 'Please write your reflection first')
      .max(MAX_REFLECTION_LENGTH, `Reflection must be less than ${MAX_REFLECTION_LENGTH} characters`),
    strategic_prompt_id: z.uuid('Unknown prompt').nullable().optional(),
  })
  .strict();
export type ReflectionCreateInput = z.infer<typeof reflectionCreateSchema>;

export const promptRatingSchema = z
  .object({ rating: z.number().int().min(1, 'Choose 1 to 5').max(5, 'Choose 1 to 5') })
  .strict();
export type PromptRatingInput = z.infer<typeof promptRatingSchema>;

export interface FocusAreaDto {
  id: string;
  label: string;
  description: string;
  icon_name: string;
  color_classes: string;
  sort_order: number;
}

export interface CoachingToneDto {
  id: string;
  title: string;
  subtitle: string;
  quote: string;
  sort_order: number;
}

export interface StrategicPromptDto {
  id: string;
  title: string;
  prompt_text: string;
  focus_area_id: string | null;
}

export interface ReflectionDto {
  id: string;
  created_at: string;
  reflection_text: string;
  strategic_prompt_id: string | null;
  strategic_prompt_title: string | null;
}

export interface ChatMessageSummaryDto {
  id: string;
  created_at: string;
  message: string;
  is_admin_message: boolean;
}

/** One day of the 30-day activity window: the date (yyyy-MM-dd, UTC) and whether anything happened. */
export interface ActivityDayDto {
  date: string;
  reflections: number;
  messages: number;
}

/** GET /api/me/analytics (user-app §3 "Profile analytics", FOUNDING-DESIGN §4). */
export interface ProfileAnalyticsDto {
  totalReflections: number;
  totalMessages: number;
  /** max(0, CREDITS_BASELINE − credits) */
  creditsUsed: number;
  totalCredits: number;
  /** Consecutive days with activity ending today (or yesterday when today has none yet). */
  streakDays: number;
  /** Distinct dates with a reflection in the last ACTIVITY_WINDOW_DAYS days. */
  activeDays: number;
  /** ACTIVITY_WINDOW_DAYS entries, oldest first, ending today. */
  activity: ActivityDayDto[];
  recentReflections: ReflectionDto[];
  recentMessages: ChatMessageSummaryDto[];
}

/** GET /api/me/subscription (user-app §7 check-subscription). */
export interface SubscriptionStatusDto {
  subscribed: boolean;
  subscription_tier: string | null;
  subscription_end: string | null;
}

/** POST /api/me/trial-use: 200 with this body, or 409 { error, code: 'trial_expired' }. */
export interface TrialUseDto {
  /** False for subscribers and Free Beta Access members: they are not limited and nothing was counted. */
  limited: boolean;
  trial_conversations_used: number;
}
export const TRIAL_EXPIRED_CODE = 'trial_expired';
