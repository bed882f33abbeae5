import { z } from 'zod';
import { STEP_SIZES, type StepDto, type StepSize } from './programme-contract';

/**
 * What the step routes accept and answer (decision 058, "Step tasks"): the
 * member's actions on a step, and an admin's edits of the step library. The
 * library editor and the endpoints share these rules.
 */

/** The longest "if" or "then" part of a step (the database checks the same). */
export const MAX_STEP_PART_LENGTH = 200;

/** What a member can do with a step: take it on, ask for another, or say how it went. */
export const STEP_ACTIONS = ['accept', 'swap', 'done', 'not_done'] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

/** How many past steps GET /api/me/steps (and the admin's view) lists. */
export const STEP_HISTORY_LIMIT = 30;

/** GET /api/me/steps, GET /api/admin/members/:memberId/steps. */
export type MemberStepsDto = {
  /** The open step (offered or accepted), or none. */
  current: StepDto | null;
  /** Steps done, not done or swapped, newest first. */
  history: StepDto[];
};

/** POST /api/me/steps and the step actions: the step acted on and the one offered next (if any). */
export type StepActionResultDto = {
  step: StepDto;
  next: StepDto | null;
  /** The short, kind line the member is told (also posted in their conversation). */
  message: string;
};

/** POST /api/me/steps: the open step, offered now (`created`, 201) or already open (200). */
export type StepStartDto = { step: StepDto; created: boolean };

/** One library step, as the admin editor lists it. */
export type AdminStepTemplateDto = {
  id: string;
  focus_area_id: string;
  focus_area_label: string;
  if_text: string;
  then_text: string;
  size: StepSize;
  is_active: boolean;
  sort_order: number;
  created_at: string;
  updated_at: string;
};

const part = (name: string, example: string) =>
  z
    .string(`${name} is required`)
    .trim()
    .min(1, `${name} is required`)
    .max(MAX_STEP_PART_LENGTH, `${name} must be at most ${MAX_STEP_PART_LENGTH} characters`)
    // The step reads "If <if>, then I will <then>.": the words around the parts are added when it is shown.
    .refine((text) => !/^(if|then( i will)?)\b/i.test(text), `Leave out the opening words (${example})`);

const ifText = part('The "if" part', '"If" is added for you');
const thenText = part('The "then" part', '"then I will" is added for you');
const size = z.literal(STEP_SIZES, 'Size must be 1 (smallest), 2 (smaller) or 3 (regular)');
const focusAreaId = z.uuid('Choose a focus area');
const isActive = z.boolean('is_active must be true or false');

/** The Add/Edit dialog's fields. */
export const stepTemplateFormSchema = z.object({
  focus_area_id: focusAreaId,
  if_text: ifText,
  then_text: thenText,
  size,
});
export type StepTemplateFormValues = z.infer<typeof stepTemplateFormSchema>;

export const stepTemplateCreateSchema = stepTemplateFormSchema.extend({ is_active: isActive.default(true) }).strict();
export type StepTemplateCreateInput = z.input<typeof stepTemplateCreateSchema>;

/** Edit and the active switch: any of the fields, at least one. */
export const stepTemplateUpdateSchema = z
  .object({
    focus_area_id: focusAreaId.optional(),
    if_text: ifText.optional(),
    then_text: thenText.optional(),
    size: size.optional(),
    is_active: isActive.optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), 'Nothing to change');
export type StepTemplateUpdateInput = z.input<typeof stepTemplateUpdateSchema>;
