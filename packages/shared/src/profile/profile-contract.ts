import type { ReflectionDto } from '../reflections/reflections-contract';

/** What the API answers about a member's own profile and activity (docs/product.md#profile). */

/** GET and PATCH /api/me/profile (docs/product.md#profile), dates as ISO strings. */
export type ProfileDto = {
  id: string;
  full_name: string | null;
  email: string | null;
  focus_area_id: string | null;
  coaching_tone_id: string | null;
  credits: number;
  pricing_plan: string | null;
  trial_conversations_used: number;
  is_active: boolean;
  created_at: string;
  updated_at: string;
};

export type ChatMessageSummaryDto = {
  id: string;
  created_at: string;
  message: string;
  is_admin_message: boolean;
};

/** One day of the 30-day activity window: the date (yyyy-MM-dd, UTC) and what happened. */
export type ActivityDayDto = {
  date: string;
  reflections: number;
  /** The member's own messages (a check-in answered by writing its number in the chat is one of them). */
  messages: number;
  /** Check-ins answered through the dashboard's card or the web chat's form. */
  checkins: number;
};

/** GET /api/me/analytics (docs/product.md#profile). */
export type ProfileAnalyticsDto = {
  total_reflections: number;
  total_messages: number;
  /** max(0, CREDITS_BASELINE − credits) */
  credits_used: number;
  total_credits: number;
  /** Consecutive days with activity ending today (or yesterday when today has none yet). */
  streak_days: number;
  /** Days of the last ACTIVITY_WINDOW_DAYS with any activity: a reflection, an own message or a check-in. */
  active_days: number;
  /** ACTIVITY_WINDOW_DAYS entries, oldest first, ending today. */
  activity: ActivityDayDto[];
  recent_reflections: ReflectionDto[];
  recent_messages: ChatMessageSummaryDto[];
};
