import { z } from 'zod';

/**
 * Request schemas of the member API (/api/me/*); response shapes are in reflections-contract.ts.
 * The web app and the server both use these, so a form and its endpoint agree.
 */

export const MAX_REFLECTION_LENGTH = 5000;

export const reflectionCreateSchema = z
  .object({
    reflection_text: z
      .string('Please write your reflection first')
      .trim()
      .min(1, 'Please write your reflection first')
      .max(MAX_REFLECTION_LENGTH, `Reflection must be less than ${MAX_REFLECTION_LENGTH} characters`),
    strategic_prompt_id: z.uuid('Unknown prompt').nullable().optional(),
  })
  .strict();
export type ReflectionCreateInput = z.infer<typeof reflectionCreateSchema>;

export const promptRatingSchema = z
  .object({ rating: z.number().int().min(1, 'Choose 1 to 5').max(5, 'Choose 1 to 5') })
  .strict();
export type PromptRatingInput = z.infer<typeof promptRatingSchema>;
