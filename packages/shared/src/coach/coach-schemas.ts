import { z } from 'zod';
import { chatMessageSchema } from '../chat/chat-schemas';
import {
  COACH_MODES,
  type AutomationMessageBody,
  type SendCoachDraftBody,
  type UpdateCoachSettingsBody,
  type UpdateConversationCoachBody,
} from './coach-contract';

/**
 * Request shapes of the AI coach (coach-contract.ts). The server validates
 * with these; the admin screens may check the same rules first.
 */

/** PUT /api/admin/coach/settings. */
export const updateCoachSettingsSchema = z.strictObject({
  mode: z.enum(COACH_MODES, 'Choose off, drafts or automatic'),
}) satisfies z.ZodType<UpdateCoachSettingsBody>;

/** PUT /api/admin/conversations/:conversationId/coach: `crisis` is the system's to set, never a coach's. */
export const updateConversationCoachSchema = z.strictObject({
  state: z.enum(['on', 'paused', 'handed_to_human'], 'Choose on, paused or handed_to_human'),
}) satisfies z.ZodType<UpdateConversationCoachBody>;

/** POST …/coach/drafts/:draftId/send: the coach's edited text, or nothing to send the draft as the AI wrote it. */
export const sendCoachDraftSchema = z.strictObject({
  text: chatMessageSchema.optional(),
}) satisfies z.ZodType<SendCoachDraftBody>;

/** POST /api/automation/messages: an outside automation's answer. */
export const automationMessageSchema = z.strictObject({
  conversation_id: z.uuid('Must be a conversation id'),
  text: chatMessageSchema,
  in_reply_to: z.uuid('Must be a message id').optional(),
}) satisfies z.ZodType<AutomationMessageBody>;
