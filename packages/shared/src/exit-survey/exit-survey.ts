import { z } from 'zod';
import { MAX_EMAIL_LENGTH, MAX_FULL_NAME_LENGTH } from '../product/constants';

export const EXIT_SURVEY_SOURCE = 'Exit Intent Survey - 30 Day Free Trial';
export const MAX_EXIT_REASON_LENGTH = 500;

export const WILLINGNESS_VALUES = ['yes', 'maybe', 'no'] as const;
export const CHAT_PREFERENCE_VALUES = ['yes', 'no'] as const;

const PLEASE_SELECT = 'Please select an option';

/** Step 1 of the popup: the survey (docs/product.md#exit-intent-offer). */
export const exitSurveyStepOneSchema = z.object({
  willingness_to_pay: z.enum(WILLINGNESS_VALUES, PLEASE_SELECT),
  chat_preference: z.enum(CHAT_PREFERENCE_VALUES, PLEASE_SELECT),
  reason: z
    .string()
    .trim()
    .max(MAX_EXIT_REASON_LENGTH, `Reason must be less than ${MAX_EXIT_REASON_LENGTH} characters`)
    .optional(),
});

/** Step 2 of the popup: the visitor's details (docs/product.md#exit-intent-offer). */
export const exitSurveyDetailsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(MAX_FULL_NAME_LENGTH, `Name must be less than ${MAX_FULL_NAME_LENGTH} characters`),
  email: z
    .string()
    .trim()
    .max(MAX_EMAIL_LENGTH, `Email must be less than ${MAX_EMAIL_LENGTH} characters`)
    .pipe(z.email('Invalid email address')),
});

/** The whole submission, as the public endpoint accepts it. */
export const exitSurveySchema = exitSurveyStepOneSchema.extend(exitSurveyDetailsSchema.shape).strict();
export type ExitSurveyInput = z.infer<typeof exitSurveySchema>;

/** Body POSTed to AUTOMATION_WEBHOOK_URL after a survey is saved (docs/product.md#exit-intent-offer). */
export interface ExitSurveyWebhookPayload {
  name: string;
  email: string;
  willingness_to_pay: (typeof WILLINGNESS_VALUES)[number];
  /** The visitor's reason, or 'Not provided'. */
  reason: string;
  chat_preference: (typeof CHAT_PREFERENCE_VALUES)[number];
  source: typeof EXIT_SURVEY_SOURCE;
  /** ISO 8601. */
  timestamp: string;
  /** The site origin the survey was submitted from. */
  triggered_from: string;
}
