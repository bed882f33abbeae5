import { desc, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { isKnownTimeZone, type AdminExitSurveyDto, type AdminExitSurveysDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { exitIntentSurveys } from '../../db/schema';
import { offsetOf, pageQuery } from '../../lib/http/page-query';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { exitSurveysCsv, exitSurveysCsvFileName } from './exit-surveys-csv';

const exportQuery = z.object({
  /** The admin's IANA time zone (the browser's), for the dates in the file and its name. */
  tz: z.string().max(64).refine(isKnownTimeZone, 'Unknown time zone').default('UTC'),
});

const newestFirst = [desc(exitIntentSurveys.createdAt), desc(exitIntentSurveys.id)];

/**
 * Exit-intent survey answers (docs/product.md#admin-back-office). Admin only.
 * The export is built here from every answer, not from the page the browser
 * holds (decision 027).
 */
export function adminExitSurveyRoutes(deps: AppDeps, now: () => Date = () => new Date()) {
  const { db } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.admin, validate('query', pageQuery), async (c) => {
      const paging = c.req.valid('query');
      const [totals] = await db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          wouldPay: sql<number>`count(*) filter (where ${exitIntentSurveys.willingnessToPay} = 'yes')`.mapWith(Number),
          maybe: sql<number>`count(*) filter (where ${exitIntentSurveys.willingnessToPay} = 'maybe')`.mapWith(Number),
          notInterested: sql<number>`count(*) filter (where ${exitIntentSurveys.willingnessToPay} = 'no')`.mapWith(
            Number,
          ),
        })
        .from(exitIntentSurveys);
      const rows = await db
        .select()
        .from(exitIntentSurveys)
        .orderBy(...newestFirst)
        .limit(paging.page_size)
        .offset(offsetOf(paging));
      const items: AdminExitSurveyDto[] = rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        name: row.name,
        email: row.email,
        willingness_to_pay: row.willingnessToPay,
        chat_preference: row.chatPreference,
        reason: row.reason,
      }));
      const body: AdminExitSurveysDto = {
        items,
        total: totals?.total ?? 0,
        page: paging.page,
        page_size: paging.page_size,
        would_pay: totals?.wouldPay ?? 0,
        maybe: totals?.maybe ?? 0,
        not_interested: totals?.notInterested ?? 0,
      };
      return c.json(body);
    })
    .get('/export', access.admin, validate('query', exportQuery), async (c) => {
      const { tz } = c.req.valid('query');
      const rows = await db
        .select({
          createdAt: exitIntentSurveys.createdAt,
          name: exitIntentSurveys.name,
          email: exitIntentSurveys.email,
          willingnessToPay: exitIntentSurveys.willingnessToPay,
          chatPreference: exitIntentSurveys.chatPreference,
          reason: exitIntentSurveys.reason,
        })
        .from(exitIntentSurveys)
        .orderBy(...newestFirst);
      return c.body(exitSurveysCsv(rows, tz), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${exitSurveysCsvFileName(now(), tz)}"`,
      });
    });
}
