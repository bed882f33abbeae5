import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ProfileDto } from '@app/shared';
import type { ProfileRow } from '../../app-env';
import { profiles } from '../../db/schema';

/** The profile as the spec names its fields (docs/product.md#profile), dates as ISO strings. */
export function toProfileDto(row: ProfileRow): ProfileDto {
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    focus_area_id: row.focusAreaId,
    coaching_tone_id: row.coachingToneId,
    credits: row.credits,
    pricing_plan: row.pricingPlan,
    trial_conversations_used: row.trialConversationsUsed,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A timestamp as Date.toISOString() writes it (milliseconds, truncated as a JavaScript Date holds them). */
const isoString = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The same DTO as the JSON text `JSON.stringify(toProfileDto(row))` gives,
 * key for key and character for character (profile-dto.test.ts), built by the
 * database for a select from `profiles`: the profile read, on every page of the
 * member area, then sends one text column as it came (decision 040).
 * row_to_json writes compact JSON with the columns' names and order.
 */
export const profileDtoJson = sql<string>`(select row_to_json(dto)::text from (select
  ${profiles.id} as id,
  ${profiles.fullName} as full_name,
  ${profiles.email} as email,
  ${profiles.focusAreaId} as focus_area_id,
  ${profiles.coachingToneId} as coaching_tone_id,
  ${profiles.credits} as credits,
  ${profiles.pricingPlan} as pricing_plan,
  ${profiles.trialConversationsUsed} as trial_conversations_used,
  ${profiles.isActive} as is_active,
  ${isoString(profiles.createdAt)} as created_at,
  ${isoString(profiles.updatedAt)} as updated_at
) dto)`;
