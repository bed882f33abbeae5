import type { CheckinDto, ProgrammeSettingsDto } from './programme-contract';

/**
 * Check-ins between the server and the web app (decision 058): the member's
 * answers and the one check-in waiting for an answer, and what a coach reads.
 * The limits (score, note length) are with the schemas, programme-schemas.ts.
 */

/** The dashboard's chart and the coach's trend cover this many days. */
export const CHECKIN_CHART_DAYS = 30;

/** GET /api/me/checkins?days=30: the answers, oldest first, and the check-in still waiting for one. */
export type MemberCheckinsDto = {
  checkins: CheckinDto[];
  open: { delivery_id: string; asked_at: string } | null;
};

/** POST /api/me/checkins: an answer to the open check-in (`delivery_id`), or a check-in of the member's own. */
export type CheckinInput = {
  score: number;
  note?: string | null;
  delivery_id?: string | null;
};

/** GET /api/admin/members/:memberId/checkins?days=30: the trend and the schedule (null: never set up). */
export type AdminMemberCheckinsDto = {
  checkins: CheckinDto[];
  settings: ProgrammeSettingsDto | null;
};
