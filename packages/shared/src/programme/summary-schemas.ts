import { z } from 'zod';

/** A year of weeks: the most summaries one request answers (they are kept for looking back). */
export const MAX_SUMMARIES_PAGE = 52;

/** `?limit=N` on the summary lists (member and admin); the default is a whole year. */
export const summaryListQuerySchema = z.object({
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, `Limit must be between 1 and ${MAX_SUMMARIES_PAGE}`)
    .max(MAX_SUMMARIES_PAGE, `Limit must be between 1 and ${MAX_SUMMARIES_PAGE}`)
    .default(MAX_SUMMARIES_PAGE),
});
