import { z } from 'zod';
import { fullNameSchema } from '../auth/auth-schemas';
import { PLAN_NAMES } from '../billing/plans';

/**
 * What a member may change on their own profile (docs/product.md#profile). The
 * object is strict: credits, trial counter, activation and roles are refused
 * with a 400 rather than silently ignored, so a tampering client learns nothing.
 */
export const profileUpdateSchema = z
  .object({
    full_name: fullNameSchema,
    focus_area_id: z.uuid('Unknown focus area').nullable(),
    coaching_tone_id: z.uuid('Unknown coaching tone').nullable(),
    pricing_plan: z.string().refine((name) => PLAN_NAMES.includes(name), 'Unknown plan'),
  })
  .partial()
  .strict();
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
