import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { automationMessageSchema, type ApiErrorBody, type ChatMessageDto, type CoachDraftDto } from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { chatMessages } from '../../db/schema';
import { conversationById } from '../../lib/chat/conversations';
import { storeDraft } from '../../lib/coach/coach-drafts';
import { coachMode } from '../../lib/coach/coach-settings';
import { automationStateOf, publishState } from '../../lib/coach/conversation-state';
import { checkReply } from '../../lib/coach/safety/reply-check';
import { sendAutomationReply } from '../../lib/coach/send-automation-reply';
import { countHit } from '../../lib/rate-limit-counters';
import { routeAccess } from '../../middleware/access';
import { rateLimitPerClient } from '../../middleware/rate-limit';
import { invalidInput, validate } from '../../middleware/validate';
import { bearerTokenVerifier } from './bearer-token-verifier';

const CONVERSATION_NOT_FOUND: ApiErrorBody = { error: 'Conversation not found' };
const TOO_MANY_IN_CONVERSATION: ApiErrorBody = {
  error: 'Too many answers in this conversation: wait a minute before the next one',
};
/** Why an answer was not the automation's to give, in words an integrator can act on. */
const WITHHELD: Record<string, ApiErrorBody> = {
  paused: { error: 'The AI is paused in this conversation', code: 'automation_paused' },
  handed_to_human: { error: 'A person answers this conversation', code: 'automation_handed_to_human' },
  crisis: { error: 'The conversation is in crisis: a person answers', code: 'automation_crisis' },
  off: { error: 'The AI is off', code: 'automation_off' },
  coach_replied: { error: 'A coach answered after that message', code: 'automation_coach_replied' },
};

/**
 * POST /api/automation/messages (decision 057, docs/coach-automation.md): an
 * outside automation answers a member, in the coach's seat. Only when
 * COACH_AUTOMATION_URL is configured (otherwise the route is not mounted:
 * app.ts), with the bearer COACH_AUTOMATION_TOKEN.
 *
 * Its text passes the same reply check as the AI's own (422 with the reasons),
 * then goes through the one sender of the coach side with the AI's gate: sent
 * (201) only while the conversation is the AI's and the AI answers by itself;
 * in drafts mode it waits as the conversation's draft for a coach (202); else
 * it is withheld with the reason (409). It can never write anything else.
 */
export function automationMessageRoutes(deps: AppDeps) {
  const { db, realtime, whatsapp, config } = deps;
  const { automation, defaultMode, limits } = config.coach;
  const access = routeAccess(deps);
  if (!automation) throw new Error('automationMessageRoutes needs COACH_AUTOMATION_URL (mounted only then)');

  return new Hono<AppEnv>().post(
    '/messages',
    access.webhook(bearerTokenVerifier(automation.token, 'COACH_AUTOMATION_TOKEN'), {
      refusalStatus: 401,
      refusalMessage: 'A valid bearer token is required',
    }),
    rateLimitPerClient(db, {
      name: 'automation-messages',
      max: 600,
      windowSeconds: 60,
      message: 'Too many automation messages: slow down',
    }),
    validate('json', automationMessageSchema),
    async (c) => {
      const { conversation_id: conversationId, text, in_reply_to: inReplyTo } = c.req.valid('json');
      if (!(await conversationById(db, conversationId))) return c.json(CONVERSATION_NOT_FOUND, 404);
      if (inReplyTo && !(await isMemberMessageIn(conversationId, inReplyTo))) {
        return invalidInput(c, { in_reply_to: ['Not a member message of this conversation'] });
      }
      // The same per-conversation pace as the AI's own answers.
      const hit = await countHit(db, `automation:conversation:${conversationId}`, {
        max: limits.repliesPerMinute,
        windowSeconds: 60,
      });
      if (hit.count > limits.repliesPerMinute) {
        c.header('Retry-After', String(hit.secondsLeft));
        return c.json(TOO_MANY_IN_CONVERSATION, 429);
      }

      const check = checkReply(text);
      if (!check.ok) {
        const body: ApiErrorBody = {
          error: 'The reply failed the safety check',
          code: 'automation_reply_refused',
          fieldErrors: { text: [...check.reasons] },
        };
        return c.json(body, 422);
      }

      const result = await sendAutomationReply(
        { db, realtime, whatsapp, defaultMode },
        { conversationId, text, origin: 'external', gate: 'ai', inReplyTo, modes: ['automatic'] },
      );
      if (result.outcome === 'sent') {
        const body: ChatMessageDto = result.message;
        return c.json(body, 201);
      }
      return withheld(c, conversationId, result.reason, { text, inReplyTo });
    },
  );

  /** The 409 (or 202 with a draft, in drafts mode) for an answer the one sender withheld. */
  async function withheld(
    c: Context<AppEnv>,
    conversationId: string,
    reason: string,
    answer: { text: string; inReplyTo: string | undefined },
  ) {
    if (reason === 'no_conversation') return c.json(CONVERSATION_NOT_FOUND, 404);
    if (reason === 'state') {
      const state = await automationStateOf(db, conversationId);
      return c.json(WITHHELD[state ?? 'paused'] ?? WITHHELD.paused!, 409);
    }
    if (reason === 'mode') {
      if ((await coachMode(db, defaultMode)) !== 'drafts') return c.json(WITHHELD.off!, 409);
      // Drafts mode: the answer waits for a coach, replacing the draft waiting before it.
      const body: CoachDraftDto = await storeDraft(db, {
        conversationId,
        text: answer.text,
        replyToMessageId: answer.inReplyTo ?? null,
      });
      // The inboxes re-read the conversation's coach side (its draft) on this event.
      await publishState(deps, conversationId, 'on');
      return c.json(body, 202);
    }
    return c.json(WITHHELD[reason] ?? { error: 'The answer was withheld' }, 409);
  }

  async function isMemberMessageIn(conversationId: string, messageId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.id, messageId),
          eq(chatMessages.conversationId, conversationId),
          eq(chatMessages.authorKind, 'member'),
        ),
      );
    return !!row;
  }
}
