import type { WhatsAppContactDto } from '../whatsapp/whatsapp-contract';
import type { Role } from '../auth/roles';
import type { PagedDto } from '../http/paging';
import type { MemberBillingDto } from './member-context-contract';
import type { MemberPlanDto } from '../billing/billing-contract';

/** What the admin API answers about members, the audit log and the overview (docs/product.md#admin-back-office). */

/** One member as the admin Users screen shows them (docs/product.md#admin-back-office). */
export type AdminUserDto = {
  id: string;
  full_name: string | null;
  email: string | null;
  credits: number;
  pricing_plan: string;
  is_active: boolean;
  created_at: string;
  roles: Role[];
  focus_area_label: string | null;
  coaching_tone_title: string | null;
  /** The WhatsApp contact linked to the member (decision 056); null when none. */
  whatsapp: WhatsAppContactDto | null;
  /** Who pays for what, until when, and whether they hold a beta place (decision 060). */
  billing: MemberBillingDto;
  /** The newest of their own messages and reflections; null when neither exists. */
  last_active_at: string | null;
};

/** GET /api/admin/users: one page of members, newest first, and the screen's three counters over everyone. */
export type AdminUserListDto = {
  users: AdminUserDto[];
  /** Members matching the search (all members without one). */
  total: number;
  page: number;
  page_size: number;
  counts: {
    total_users: number;
    admin_users: number;
    /** Members without the admin role. */
    regular_users: number;
  };
};

/** PATCH /api/admin/users/:id/active */
export type AccountActivationDto = {
  id: string;
  is_active: boolean;
};

/** PATCH /api/admin/users/:id/plan: the plan the member holds now (decision 065). */
export type AdminPlanChangeDto = {
  id: string;
  pricing_plan: string;
  plan: MemberPlanDto;
};

/** POST /api/admin/users/:id/credits */
export type AdminCreditsChangeDto = {
  id: string;
  credits: number;
  /** The balance before; equal to credits when a removal found none left. */
  previous_credits: number;
};

/** One row of the audit log (GET /api/admin/audit-log), newest first. */
export type AuditEntryDto = {
  id: string;
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  target_user_id: string | null;
  target_name: string | null;
  details: Record<string, unknown>;
  created_at: string;
};

export type AuditLogPageDto = PagedDto<AuditEntryDto>;

/** One entry of the overview's Recent Activity (docs/product.md#admin-back-office). */
export type AdminActivityItemDto = {
  id: string;
  type: 'signup' | 'reflection' | 'message';
  user_name: string;
  content: string;
  created_at: string;
  link_path: '/admin/users' | '/admin/messages';
};

export type DailyCountDto = {
  /** yyyy-MM-dd, UTC */
  date: string;
  count: number;
};

/** GET /api/admin/overview (docs/product.md#admin-back-office). */
export type AdminOverviewDto = {
  total_users: number;
  reflections: number;
  unread_messages: number;
  /** Profiles updated in the last 7 days. */
  active_users: number;
  /** Profiles created in the last 7 days. */
  new_signups: number;
  /** Members with a programme running: any kind opted into, and not paused (decision 058). */
  active_programmes: number;
  /** Check-ins sent since Monday 00:00 UTC, and how many of those have an answer. */
  checkins_asked_this_week: number;
  checkins_answered_this_week: number;
  recent_activity: AdminActivityItemDto[];
  /** ACTIVITY_WINDOW_DAYS entries, oldest first, ending today. */
  signups_per_day: DailyCountDto[];
  member_messages_per_day: DailyCountDto[];
};
