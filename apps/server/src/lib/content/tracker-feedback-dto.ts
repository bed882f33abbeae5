import type { TrackerFeedbackDto } from '@app/shared';
import type { userTrackerFeedback } from '../../db/schema';

/** A stored tracker-feedback row as the API answers it (the member's own, and the admin's view). */
export function toTrackerFeedbackDto(row: typeof userTrackerFeedback.$inferSelect): TrackerFeedbackDto {
  return {
    id: row.id,
    user_id: row.userId,
    tracking: row.tracking,
    project_management_tools: row.projectManagementTools,
    visual_feature_preferences: row.visualFeaturePreferences,
    additional_thoughts: row.additionalThoughts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
