import { asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { CoachingToneDto, FocusAreaDto, StrategicPromptDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { coachingTones, focusAreas } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';
import { todaysPrompt } from '../../lib/content/todays-prompt';

/** Reference data changes rarely (admins edit it); a few minutes of caching spares repeat loads. */
const CATALOG_CACHE_CONTROL = 'public, max-age=300';

const dailyPromptQuery = z.object({ focus_area_id: z.uuid('Unknown focus area').optional() });

/**
 * Public catalogue: focus areas, coaching tones and today's strategic prompt.
 * No account needed (demo mode uses them too); only active rows, by sort_order.
 */
export function catalogRoutes(deps: AppDeps, now: () => Date = () => new Date()) {
  const { db } = deps;
  const access = routeAccess(deps);
  const cached = (c: Context) => c.header('Cache-Control', CATALOG_CACHE_CONTROL);
  return new Hono<AppEnv>()
    .get('/focus-areas', access.public, async (c) => {
      const rows = await db
        .select()
        .from(focusAreas)
        .where(eq(focusAreas.isActive, true))
        .orderBy(asc(focusAreas.sortOrder), asc(focusAreas.id));
      const body: FocusAreaDto[] = rows.map((r) => ({
        id: r.id,
        label: r.label,
        description: r.description,
        icon_name: r.iconName,
        color_classes: r.colorClasses,
        sort_order: r.sortOrder,
      }));
      cached(c);
      return c.json(body);
    })
    .get('/coaching-tones', access.public, async (c) => {
      const rows = await db
        .select()
        .from(coachingTones)
        .where(eq(coachingTones.isActive, true))
        .orderBy(asc(coachingTones.sortOrder), asc(coachingTones.id));
      const body: CoachingToneDto[] = rows.map((r) => ({
        id: r.id,
        title: r.title,
        subtitle: r.subtitle,
        quote: r.quote,
        sort_order: r.sortOrder,
      }));
      cached(c);
      return c.json(body);
    })
    .get('/daily-prompt', access.public, validate('query', dailyPromptQuery), async (c) => {
      const { focus_area_id: focusAreaId } = c.req.valid('query');
      const picked = await todaysPrompt(db, focusAreaId ?? null, now());
      const prompt: StrategicPromptDto | null = picked && {
        id: picked.id,
        title: picked.title,
        prompt_text: picked.promptText,
        focus_area_id: picked.focusAreaId,
      };
      cached(c);
      return c.json(prompt);
    });
}
