import { z } from 'zod';
import { TOOL_OPTIONS, TRACKING_OPTIONS, VISUAL_FEATURE_OPTIONS } from './tracker-feedback-options';

export const MAX_TRACKER_THOUGHTS_LENGTH = 2000;

/** What a member submits; lists are stored comma-and-space separated. */
export const trackerFeedbackSchema = z
  .object({
    tracking: z.enum(TRACKING_OPTIONS, 'Please select an option'),
    project_management_tools: z.array(z.enum(TOOL_OPTIONS)).max(TOOL_OPTIONS.length),
    visual_feature_preferences: z.array(z.enum(VISUAL_FEATURE_OPTIONS)).max(VISUAL_FEATURE_OPTIONS.length),
    additional_thoughts: z
      .string()
      .trim()
      .max(MAX_TRACKER_THOUGHTS_LENGTH, `Thoughts must be less than ${MAX_TRACKER_THOUGHTS_LENGTH} characters`)
      .optional(),
  })
  .strict();
export type TrackerFeedbackInput = z.infer<typeof trackerFeedbackSchema>;
