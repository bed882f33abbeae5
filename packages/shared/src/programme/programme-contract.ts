/**
 * The coaching programme (decision 058): step tasks, check-ins and weekly
 * summaries, delivered in the member's conversation at the member's own times.
 * What the server and the web app agree on.
 */

/** What the programme sends: each kind is opted into separately. */
export const PROGRAMME_KINDS = ['checkin', 'step_reminder', 'weekly_summary'] as const;
export type ProgrammeKind = (typeof PROGRAMME_KINDS)[number];

/** What became of one due item (one per member, kind and period). */
export const PROGRAMME_DELIVERY_STATUSES = ['queued', 'sent', 'skipped'] as const;
export type ProgrammeDeliveryStatus = (typeof PROGRAMME_DELIVERY_STATUSES)[number];

/** A member's step: offered, accepted, then done or not done; or swapped for another. */
export const STEP_STATUSES = ['offered', 'accepted', 'done', 'not_done', 'swapped'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];
/** Steps still waiting on the member (at most one per member). */
export const OPEN_STEP_STATUSES = ['offered', 'accepted'] as const satisfies readonly StepStatus[];

/** Where a step came from: the library, tailored by the AI coach, or set by a coach. */
export const STEP_SOURCES = ['library', 'ai', 'coach'] as const;
export type StepSource = (typeof STEP_SOURCES)[number];

/**
 * How big a step is: 3 a regular small step, 2 smaller, 1 the smallest.
 * A missed step is followed by a smaller one, never by blame.
 */
export const STEP_SIZES = [1, 2, 3] as const;
export type StepSize = (typeof STEP_SIZES)[number];

/** ISO weekdays, Monday 1 … Sunday 7. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** GET/PUT /api/me/programme: when and what the member is sent. Times are "HH:MM" in `time_zone`. */
export type ProgrammeSettingsDto = {
  time_zone: string;
  checkins_enabled: boolean;
  checkin_time: string;
  checkin_days: IsoWeekday[];
  step_reminders_enabled: boolean;
  step_reminder_time: string;
  summaries_enabled: boolean;
  summary_day: IsoWeekday;
  summary_time: string;
  /** Nothing is sent from quiet_start to quiet_end (it may span midnight); equal times mean no quiet hours. */
  quiet_start: string;
  quiet_end: string;
  /** Everything paused by the member (or by "STOP" on WhatsApp). */
  paused: boolean;
  /** Members without WhatsApp: a short mail when something waits in the web chat. */
  mail_nudges: boolean;
};

/** One check-in answer: how stressed, 0–10, and an optional one-line note. */
export type CheckinDto = {
  id: string;
  /** The check-in it answered (a programme due item), or null when the member checked in unasked. */
  delivery_id: string | null;
  score: number;
  note: string | null;
  created_at: string;
};

/** A step: "If X, then I will Y". */
export type StepDto = {
  id: string;
  if_text: string;
  then_text: string;
  size: StepSize;
  status: StepStatus;
  source: StepSource;
  focus_area_label: string | null;
  offered_at: string;
  resolved_at: string | null;
};

/** The numbers of one week, computed in code; the prose must agree with them. */
export type WeeklySummaryNumbers = {
  checkins: number;
  average_score: number | null;
  /** Average of this week minus the week before, when both have check-ins. */
  score_change: number | null;
  steps_done: number;
  steps_not_done: number;
  reflections_written: number;
  /** One win of the week, when there was one (summary-texts.ts says it). */
  win?: WeeklySummaryWin | null;
  /** One pattern, only when there were enough check-ins to see one. */
  pattern?: WeeklySummaryPattern | null;
  /** The open step's "then I will…", or null: the summary suggests picking one. */
  next_step?: string | null;
};

/** A win: a step done (its "then I will…"), the calmest day (a local date), or reflections written. */
export type WeeklySummaryWin =
  | { kind: 'step_done'; then_text: string }
  | { kind: 'calmest_day'; date: string; weekday: IsoWeekday }
  | { kind: 'reflections'; count: number }
  | { kind: 'checked_in'; count: number };

/** A pattern in the check-ins: stress eased or rose across the week, or one weekday stood out. */
export type WeeklySummaryPattern =
  { kind: 'easing' } | { kind: 'rising' } | { kind: 'highest_day'; weekday: IsoWeekday };

export type WeeklySummaryDto = {
  id: string;
  /** The member's local Monday and Sunday, yyyy-MM-dd. */
  week_start: string;
  week_end: string;
  numbers: WeeklySummaryNumbers;
  text: string;
  created_at: string;
};

/**
 * What a programme message in the chat is about, so the web chat can show its
 * buttons (0–10 for a check-in; accept, swap, done, not done for a step; the
 * summary's card): the check-in's due item, the step, or the summary.
 */
export const PROGRAMME_MESSAGE_KINDS = ['checkin', 'step', 'weekly_summary'] as const;
export type ProgrammeMessageKind = (typeof PROGRAMME_MESSAGE_KINDS)[number];
export type ProgrammeMessageRef = { kind: ProgrammeMessageKind; id: string };

/** A WhatsApp quick reply: `id` (at most 256 characters) comes back when tapped; `title` at most 20 characters. */
export type QuickReplyButton = { id: string; title: string };
