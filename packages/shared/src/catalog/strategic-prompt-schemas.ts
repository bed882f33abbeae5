import { z } from 'zod';

/**
 * What an admin sends to create or edit a strategic prompt
 * (docs/product.md#admin-back-office): Title and Prompt Text required, Focus
 * Area optional. The dialog and the endpoint share these rules.
 */
export const MAX_PROMPT_TITLE_LENGTH = 200;
export const MAX_PROMPT_TEXT_LENGTH = 2000;

const title = z
  .string('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(MAX_PROMPT_TITLE_LENGTH, `Title must be less than ${MAX_PROMPT_TITLE_LENGTH} characters`);
const promptText = z
  .string('Prompt text is required')
  .trim()
  .min(1, 'Prompt text is required')
  .max(MAX_PROMPT_TEXT_LENGTH, `Prompt text must be less than ${MAX_PROMPT_TEXT_LENGTH} characters`);
const focusAreaId = z.uuid('Unknown focus area').nullable();
const isActive = z.boolean('is_active must be true or false');

/** The Add/Edit dialog's fields. */
export const strategicPromptFormSchema = z.object({ title, prompt_text: promptText, focus_area_id: focusAreaId });
export type StrategicPromptFormValues = z.infer<typeof strategicPromptFormSchema>;

export const strategicPromptCreateSchema = strategicPromptFormSchema
  .extend({ focus_area_id: focusAreaId.default(null), is_active: isActive.default(true) })
  .strict();
export type StrategicPromptCreateInput = z.input<typeof strategicPromptCreateSchema>;

/** Edit and the active switch: any of the fields, at least one. */
export const strategicPromptUpdateSchema = z
  .object({
    title: title.optional(),
    prompt_text: promptText.optional(),
    focus_area_id: focusAreaId.optional(),
    is_active: isActive.optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to change');
export type StrategicPromptUpdateInput = z.input<typeof strategicPromptUpdateSchema>;
