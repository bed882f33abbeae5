import type {
  ChatMessageDto,
  ConversationCoachDto,
  SendCoachDraftBody,
  UpdateConversationCoachBody,
} from '@app/shared';
import { api, read } from '@/lib/api';

/**
 * The coach side of one conversation (decision 057): who answers it, and the
 * AI's waiting draft.
 */
const coach = api.admin.conversations[':conversationId'].coach;

// hono's client puts path parameters into the path as they are: encode them.
const draft = (conversationId: string, draftId: string) => ({
  param: { conversationId: encodeURIComponent(conversationId), draftId: encodeURIComponent(draftId) },
});

/** PUT …/coach: a coach sets who answers. Leaving a crisis is only done here, and the server decides. */
export function setConversationCoach(
  conversationId: string,
  state: UpdateConversationCoachBody['state'],
): Promise<ConversationCoachDto> {
  return read(coach.$put({ param: { conversationId: encodeURIComponent(conversationId) }, json: { state } }));
}

/** POST …/drafts/:draftId/send: the AI's draft as written, or with the coach's edit (then it is the coach's reply). */
export function sendCoachDraft(conversationId: string, draftId: string, text?: string): Promise<ChatMessageDto> {
  const json: SendCoachDraftBody = text === undefined ? {} : { text };
  return read(coach.drafts[':draftId'].send.$post({ ...draft(conversationId, draftId), json }));
}

/** POST …/drafts/:draftId/discard: the draft is dropped (204). */
export async function discardCoachDraft(conversationId: string, draftId: string): Promise<void> {
  await read(coach.drafts[':draftId'].discard.$post(draft(conversationId, draftId)));
}
