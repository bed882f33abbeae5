import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { exitSurveyDetailsSchema, exitSurveyStepOneSchema } from '@app/shared';

/** The two steps' forms, shared by the popup that owns them and the steps that render them. */
export type SurveyInput = z.input<typeof exitSurveyStepOneSchema>;
export type SurveyValues = z.output<typeof exitSurveyStepOneSchema>;
export type DetailsInput = z.input<typeof exitSurveyDetailsSchema>;
export type DetailsValues = z.output<typeof exitSurveyDetailsSchema>;
export type SurveyForm = UseFormReturn<SurveyInput, unknown, SurveyValues>;
export type DetailsForm = UseFormReturn<DetailsInput, unknown, DetailsValues>;
