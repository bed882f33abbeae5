import {
  CHECKIN_NOTE_MAX_LENGTH,
  CHECKIN_SCORE_MAX,
  DEFAULT_PROGRAMME_SETTINGS,
  type CheckinDto,
  type CheckinInput,
  type MemberCheckinsDto,
  type ProgrammeSettingsDto,
} from '@app/shared';
import { ApiError } from '@/lib/api-request';

/**
 * The demo visitor's programme settings and check-ins, kept in memory only (as
 * the demo's chat is): nothing is ever sent to a demo visitor, so the settings
 * only need to read back, and the chart shows what they tried on this page.
 */

let settings: ProgrammeSettingsDto = DEFAULT_PROGRAMME_SETTINGS;
let checkins: CheckinDto[] = [];

export function readDemoProgrammeSettings(): ProgrammeSettingsDto {
  return settings;
}

export function saveDemoProgrammeSettings(next: ProgrammeSettingsDto): ProgrammeSettingsDto {
  settings = { ...next, checkin_days: [...next.checkin_days].sort((a, b) => a - b) };
  return settings;
}

/** GET /api/me/checkins in the demo: nothing is ever asked, so nothing waits for an answer. */
export function readDemoCheckins(days: number, now: Date = new Date()): MemberCheckinsDto {
  const since = now.getTime() - days * 86_400_000;
  return { checkins: checkins.filter((c) => Date.parse(c.created_at) >= since), open: null };
}

/** POST /api/me/checkins in the demo: refused the way the server refuses it. */
export function addDemoCheckin(input: CheckinInput, now: Date = new Date()): CheckinDto {
  const note = input.note?.trim() || null;
  if (!Number.isInteger(input.score) || input.score < 0 || input.score > CHECKIN_SCORE_MAX) {
    throw new ApiError(400, 'Choose a number from 0 to 10.', undefined, undefined, {});
  }
  if (note && note.length > CHECKIN_NOTE_MAX_LENGTH) {
    throw new ApiError(400, `Keep the note to ${CHECKIN_NOTE_MAX_LENGTH} characters.`, undefined, undefined, {});
  }
  const saved: CheckinDto = {
    id: `demo-checkin-${checkins.length + 1}`,
    delivery_id: null,
    score: input.score,
    note,
    created_at: now.toISOString(),
  };
  checkins = [...checkins, saved];
  return saved;
}
