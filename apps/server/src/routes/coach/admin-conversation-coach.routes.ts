import { Hono } from 'hono';
import { z } from 'zod';
import {
  AUTOMATION_STATES,
  sendCoachDraftSchema,
  updateConversationCoachSchema,
  type ApiErrorBody,
  type ChatMessageDto,
  type ConversationCoachDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { recordAudit } from '../../lib/accounts/audit';
import { conversationById, conversationHeader } from '../../lib/chat/conversations';
import { postMessage, type PostMessageResult } from '../../lib/chat/post-message';
import { automationStateOf, changeAutomationStateIn, publishState } from '../../lib/coach/conversation-state';
import { coachMode } from '../../lib/coach/coach-settings';
import { decideDraft, draftIn, reopenDraft } from '../../lib/coach/coach-drafts';
import { sendAutomationReply } from '../../lib/coach/send-automation-reply';
import { whatsappDeliveryFor } from '../../lib/whatsapp/outbound/coach-replies';
import { routeAccess } from '../../middleware/access';
import { validate } from '../../middleware/validate';

const conversationParam = z.object({ conversationId: z.uuid('Must be a conversation id') });
const draftParam = conversationParam.extend({ draftId: z.uuid('Must be a draft id') });
const CONVERSATION_NOT_FOUND: ApiErrorBody = { error: 'Conversation not found' };
const DRAFT_NOT_FOUND: ApiErrorBody = { error: 'Draft not found' };
const DRAFT_DECIDED: ApiErrorBody = { error: 'This draft was already sent or discarded', code: 'coach_draft_decided' };
const AI_TEXT_IN_CRISIS: ApiErrorBody = {
  error: 'The conversation is in crisis: the AI’s draft cannot be sent. Edit it to send it as your own reply.',
  code: 'coach_draft_crisis',
};
const AI_OFF: ApiErrorBody = {
  error: 'The AI is off: its draft cannot be sent. Edit it to send it as your own reply.',
  code: 'coach_draft_ai_off',
};

/**
 * The coach side of one conversation in the admin inbox (decision 057),
 * under /api/admin/conversations/:conversationId/coach:
 *
 * - PUT: a coach sets who answers (on, paused, handed to a person), from any
 *   state, `crisis` included: only a coach ends a crisis (the urgent flag and
 *   the risk seen are cleared with it). Audited `coach.state`.
 * - drafts/:draftId/send: the waiting draft goes out. As the AI wrote it, it
 *   is the AI's text a coach approved, still labelled as the AI coach; edited,
 *   it is the coach's own reply. drafts/:draftId/discard drops it. Audited.
 */
export function adminConversationCoachRoutes(deps: AppDeps) {
  const { db, realtime, whatsapp, config } = deps;
  const access = routeAccess(deps);
  const headerOptions = { whatsappReplyTemplate: !!config.whatsapp.replyTemplate };

  /** The coach side as the inbox shows it, read the way the conversation's header is. */
  const coachOf = async (conversationId: string): Promise<ConversationCoachDto | null> =>
    (await conversationHeader(db, conversationId, headerOptions))?.coach ?? null;

  return new Hono<AppEnv>()
    .put(
      '/:conversationId/coach',
      access.admin,
      validate('param', conversationParam),
      validate('json', updateConversationCoachSchema),
      async (c) => {
        const { conversationId } = c.req.valid('param');
        const { state: to } = c.req.valid('json');
        const actorId = c.get('user').id;
        const conversation = await conversationById(db, conversationId);
        if (!conversation) return c.json(CONVERSATION_NOT_FOUND, 404);
        const change = await db.transaction(async (tx) => {
          const from = await automationStateOf(tx, conversationId);
          const result = await changeAutomationStateIn(tx, {
            conversationId,
            to,
            changedBy: actorId,
            // A coach may change it from any state, crisis included (the only way out of one).
            from: AUTOMATION_STATES,
          });
          if (result?.changed) {
            await recordAudit(tx, {
              actorId,
              action: 'coach.state',
              targetUserId: conversation.memberId,
              details: { conversation_id: conversationId, from, to },
            });
          }
          return result;
        });
        if (!change) return c.json(CONVERSATION_NOT_FOUND, 404);
        if (change.changed) await publishState(deps, conversationId, change.state);
        const body: ConversationCoachDto = (await coachOf(conversationId))!;
        return c.json(body);
      },
    )
    .post(
      '/:conversationId/coach/drafts/:draftId/send',
      access.admin,
      validate('param', draftParam),
      validate('json', sendCoachDraftSchema),
      async (c) => {
        const { conversationId, draftId } = c.req.valid('param');
        const { text: edited } = c.req.valid('json');
        const actorId = c.get('user').id;
        const conversation = await conversationById(db, conversationId);
        const draft = conversation && (await draftIn(db, conversationId, draftId));
        if (!conversation || !draft) return c.json(DRAFT_NOT_FOUND, 404);
        if (draft.status !== 'pending') return c.json(DRAFT_DECIDED, 409);
        const unedited = edited === undefined || edited === draft.text;
        if (unedited) {
          // The AI's own text never follows a crisis, and the kill switch stops it even with a coach's approval.
          const [header, mode] = await Promise.all([coachOf(conversationId), coachMode(db, config.coach.defaultMode)]);
          if (header?.state === 'crisis') return c.json(AI_TEXT_IN_CRISIS, 409);
          if (mode === 'off') return c.json(AI_OFF, 409);
        }
        // Claimed first: of two coaches pressing Send at once, one sends and the other gets the 409.
        if (!(await decideDraft(db, draftId, { status: 'sent', by: actorId }))) return c.json(DRAFT_DECIDED, 409);

        let message: ChatMessageDto;
        try {
          const sent = unedited
            ? await sendApprovedDraft(conversationId, draft.text)
            : await sendCoachReply(conversationId, edited!, actorId);
          if (!sent) {
            await reopenDraft(db, draftId);
            return c.json(CONVERSATION_NOT_FOUND, 404);
          }
          message = sent;
        } catch (error) {
          await reopenDraft(db, draftId);
          throw error;
        }
        await recordAudit(db, {
          actorId,
          action: 'coach.draft_sent',
          targetUserId: conversation.memberId,
          details: { conversation_id: conversationId, draft_id: draftId, message_id: message.id, edited: !unedited },
        });
        return c.json(message, 200);
      },
    )
    .post('/:conversationId/coach/drafts/:draftId/discard', access.admin, validate('param', draftParam), async (c) => {
      const { conversationId, draftId } = c.req.valid('param');
      const actorId = c.get('user').id;
      const conversation = await conversationById(db, conversationId);
      const draft = conversation && (await draftIn(db, conversationId, draftId));
      if (!conversation || !draft) return c.json(DRAFT_NOT_FOUND, 404);
      if (!(await decideDraft(db, draftId, { status: 'discarded', by: actorId }))) return c.json(DRAFT_DECIDED, 409);
      // Every inbox showing the draft re-reads the conversation's coach side on this event.
      const state = await automationStateOf(db, conversationId);
      if (state) await publishState(deps, conversationId, state);
      await recordAudit(db, {
        actorId,
        action: 'coach.draft_discarded',
        targetUserId: conversation.memberId,
        details: { conversation_id: conversationId, draft_id: draftId },
      });
      return c.body(null, 204);
    });

  /** The AI's draft as it is: an automation message (labelled as the AI coach), sent however the state stands. */
  async function sendApprovedDraft(conversationId: string, text: string): Promise<ChatMessageDto | null> {
    const result = await sendAutomationReply(
      { db, realtime, whatsapp, defaultMode: config.coach.defaultMode },
      { conversationId, text, origin: 'model', gate: 'safety' },
    );
    return result.outcome === 'sent' ? result.message : null;
  }

  /** The edited draft: the coach's own reply, routed as every coach's reply is (WhatsApp or the web chat). */
  async function sendCoachReply(conversationId: string, text: string, coachId: string): Promise<ChatMessageDto | null> {
    const route = await whatsappDeliveryFor(db, conversationId, whatsapp);
    const result: PostMessageResult = await postMessage(deps, {
      conversationId,
      author: { kind: 'coach', userId: coachId },
      text,
      channel: route.channel,
      status: route.status,
      deliveries: route.deliveries,
    });
    return result.outcome === 'refused' ? null : result.message;
  }
}
