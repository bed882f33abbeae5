import type { PagedDto } from '../http/paging';

/** What the API answers about exit-intent surveys (docs/product.md#exit-intent-offer). */

/** POST /api/exit-surveys: 201 with the saved survey's reference. */
export type ExitSurveyReceiptDto = {
  id: string;
  created_at: string;
};

/** One exit-intent survey answer as an admin reads it. */
export type AdminExitSurveyDto = {
  id: string;
  created_at: string;
  name: string;
  email: string;
  willingness_to_pay: 'yes' | 'maybe' | 'no';
  chat_preference: 'yes' | 'no' | null;
  reason: string | null;
};

/** GET /api/admin/exit-surveys: the four counts over every answer, and one page of answers. */
export type AdminExitSurveysDto = PagedDto<AdminExitSurveyDto> & {
  would_pay: number;
  maybe: number;
  not_interested: number;
};
