import type { ProfileDto } from '@app/shared';
import type { ProfileRow } from '../../app-env';

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
