import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import type { AutomationState, CoachMemoryDto, MemberCoachDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { conversations } from '../../db/schema';
import { memberConversationId } from '../../lib/chat/conversations';
import { coachInboxUrl } from '../../lib/coach/coach-deliveries';
import { coachMode } from '../../lib/coach/coach-settings';
import { handToHuman } from '../../lib/coach/safety-actions';
import { coachMemory, forgetCoachMemory } from '../../lib/coach/coach-memory';
import { routeAccess } from '../../middleware/access';

/**
 * /api/me/coach (decision 057): the member's own side of the AI coach.
 *
 * - GET /: who answers their next message, the AI coach (their conversation
 *   is the AI's and the AI answers by itself) or a person of the team.
 * - POST /human: "Talk to a person": the AI stops in their conversation and
 *   the team is told (handToHuman); a crisis stays a crisis.
 * - GET /memory: what the coach remembers about them, and what else it reads.
 * - DELETE /memory: forget it all (the summary and the notes).
 */
export function memberCoachRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const access = routeAccess(deps);
  return new Hono<AppEnv>()
    .get('/', access.member, async (c) => {
      const [state, mode] = await Promise.all([
        conversationStateOf(c.get('user').id),
        coachMode(db, config.coach.defaultMode),
      ]);
      const body: MemberCoachDto = { answered_by: state === 'on' && mode === 'automatic' ? 'ai' : 'person', state };
      return c.json(body);
    })
    .post('/human', access.member, async (c) => {
      const conversationId = await memberConversationId(db, c.get('user').id);
      await handToHuman(
        {
          db,
          realtime: deps.realtime,
          whatsapp: deps.whatsapp,
          config: config.coach,
          inboxUrl: coachInboxUrl(config.publicUrl),
          logger: deps.logger,
        },
        conversationId,
        { by: null },
      );
      const state = await conversationStateOf(c.get('user').id);
      const body: MemberCoachDto = { answered_by: 'person', state };
      return c.json(body);
    })
    .get('/memory', access.member, async (c) => {
      const body: CoachMemoryDto = await coachMemory(db, c.get('user').id);
      return c.json(body);
    })
    .delete('/memory', access.member, async (c) => {
      await forgetCoachMemory(db, c.get('user').id);
      return c.body(null, 204);
    });

  /** The state of the member's conversation; a member who has none yet starts one in the default state. */
  async function conversationStateOf(memberId: string): Promise<AutomationState> {
    const [row] = await db
      .select({ state: conversations.automationState })
      .from(conversations)
      .where(eq(conversations.memberId, memberId));
    return row?.state ?? 'on';
  }
}
