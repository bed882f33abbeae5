import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_PROGRAMME_SETTINGS,
  type IsoWeekday,
  type ProgrammeKind,
  type ProgrammeSettingsDto,
} from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { programmeSettings } from '../../db/schema';

/** A member's programme settings (decision 058): their row, or the defaults (nothing sent) when they never saved any. */

type Row = typeof programmeSettings.$inferSelect;

export function toSettingsDto(row: Row): ProgrammeSettingsDto {
  return {
    time_zone: row.timeZone,
    checkins_enabled: row.checkinsEnabled,
    checkin_time: row.checkinTime,
    checkin_days: row.checkinDays as IsoWeekday[],
    step_reminders_enabled: row.stepRemindersEnabled,
    step_reminder_time: row.stepReminderTime,
    summaries_enabled: row.summariesEnabled,
    summary_day: row.summaryDay as IsoWeekday,
    summary_time: row.summaryTime,
    quiet_start: row.quietStart,
    quiet_end: row.quietEnd,
    paused: row.paused,
    mail_nudges: row.mailNudges,
  };
}

function toColumns(dto: ProgrammeSettingsDto) {
  return {
    timeZone: dto.time_zone,
    checkinsEnabled: dto.checkins_enabled,
    checkinTime: dto.checkin_time,
    checkinDays: dto.checkin_days,
    stepRemindersEnabled: dto.step_reminders_enabled,
    stepReminderTime: dto.step_reminder_time,
    summariesEnabled: dto.summaries_enabled,
    summaryDay: dto.summary_day,
    summaryTime: dto.summary_time,
    quietStart: dto.quiet_start,
    quietEnd: dto.quiet_end,
    paused: dto.paused,
    mailNudges: dto.mail_nudges,
  };
}

/** The member's saved settings, or null when they have none. */
export async function savedSettingsOf(db: Database | Tx, userId: string): Promise<ProgrammeSettingsDto | null> {
  const [row] = await db.select().from(programmeSettings).where(eq(programmeSettings.userId, userId));
  return row ? toSettingsDto(row) : null;
}

export async function settingsOf(db: Database | Tx, userId: string): Promise<ProgrammeSettingsDto> {
  return (await savedSettingsOf(db, userId)) ?? DEFAULT_PROGRAMME_SETTINGS;
}

export async function saveSettings(db: Database, userId: string, dto: ProgrammeSettingsDto) {
  const columns = toColumns(dto);
  const [row] = await db
    .insert(programmeSettings)
    .values({ userId, ...columns })
    .onConflictDoUpdate({ target: programmeSettings.userId, set: { ...columns, updatedAt: sql`now()` } })
    .returning();
  return toSettingsDto(row!);
}

/** Pause or resume everything ("STOP" / "START" on WhatsApp); a member without settings gets the defaults saved. */
export async function setPaused(db: Database | Tx, userId: string, paused: boolean): Promise<void> {
  await db
    .insert(programmeSettings)
    .values({ userId, paused })
    .onConflictDoUpdate({ target: programmeSettings.userId, set: { paused, updatedAt: sql`now()` } });
}

const ENABLED_COLUMN = {
  checkin: 'checkinsEnabled',
  step_reminder: 'stepRemindersEnabled',
  weekly_summary: 'summariesEnabled',
} as const satisfies Record<ProgrammeKind, keyof Row>;

/** One kind turned off (the mail's one-click unsubscribe). */
export async function turnKindOff(db: Database, userId: string, kind: ProgrammeKind): Promise<void> {
  await db
    .update(programmeSettings)
    .set({ [ENABLED_COLUMN[kind]]: false, updatedAt: sql`now()` })
    .where(eq(programmeSettings.userId, userId));
}

export function kindEnabled(settings: ProgrammeSettingsDto, kind: ProgrammeKind): boolean {
  if (kind === 'checkin') return settings.checkins_enabled;
  if (kind === 'step_reminder') return settings.step_reminders_enabled;
  return settings.summaries_enabled;
}
