import { eq } from 'drizzle-orm';
import type { CoachSettingsDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import { coachSettings, users } from '../../db/schema';
import { coachMode } from '../../lib/coach/coach-settings';
import { monthTokensUsed } from '../../lib/coach/coach-usage-read';

/** The admin's view of the AI coach: the mode a coach set (or the configured default) and what is configured. */
export async function coachSettingsDto({ db, config }: Pick<AppDeps, 'db' | 'config'>): Promise<CoachSettingsDto> {
  const [mode, tokens, [row]] = await Promise.all([
    coachMode(db, config.coach.defaultMode),
    monthTokensUsed(db),
    db
      .select({ updatedAt: coachSettings.updatedAt, updatedByName: users.name })
      .from(coachSettings)
      .leftJoin(users, eq(users.id, coachSettings.updatedBy))
      .where(eq(coachSettings.id, 1)),
  ]);
  return {
    mode,
    model_configured: !!config.coach.model,
    transcription_configured: !!config.coach.model?.transcriptionModel,
    external_automation: !!config.coach.automation,
    month_tokens_used: tokens,
    month_token_budget: config.coach.limits.monthlyTokenBudget,
    updated_at: row?.updatedAt.toISOString() ?? null,
    updated_by_name: row?.updatedByName ?? null,
  };
}
