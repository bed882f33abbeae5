import type { ClientResponse } from 'hono/client';
import type {
  ChatMessageDto,
  ConversationCoachDto,
  SendCoachDraftBody,
  UpdateConversationCoachBody,
} from '@app/shared';
import { read } from '@/lib/api';

/**
 * The coach side of one conversation (decision 057): who answers it, and the
 * AI's waiting draft.
 *
 * These routes are not in the server's AppType on this branch yet, so the
 * typed client (`api.admin.conversations[':conversationId'].coach`) cannot
 * reach them: this small wrapper calls them by path, with the shared contract's
 * types, and reads the answer the way every typed call does (`read`). Once the
 * routes are in AppType, each function becomes a one-line typed call.
 */
function coachCall<T>(method: 'PUT' | 'POST', path: string, body: unknown): Promise<T> {
  const call = fetch(path, {
    method,
    credentials: 'include',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  // read() only needs the Response's status and text; the type names what the route answers.
  return read(call as unknown as Promise<ClientResponse<T, 200, 'json'>>);
}

const coachPath = (conversationId: string) => `/api/admin/conversations/${encodeURIComponent(conversationId)}/coach`;
const draftPath = (conversationId: string, draftId: string) =>
  `${coachPath(conversationId)}/drafts/${encodeURIComponent(draftId)}`;

/** PUT …/coach: a coach sets who answers. Leaving a crisis is only done here, and the server decides. */
export function setConversationCoach(
  conversationId: string,
  state: UpdateConversationCoachBody['state'],
): Promise<ConversationCoachDto> {
  const body: UpdateConversationCoachBody = { state };
  return coachCall('PUT', coachPath(conversationId), body);
}

/** POST …/drafts/:draftId/send: the AI's draft as written, or with the coach's edit (then it is the coach's reply). */
export function sendCoachDraft(conversationId: string, draftId: string, text?: string): Promise<ChatMessageDto> {
  const body: SendCoachDraftBody = text === undefined ? {} : { text };
  return coachCall('POST', `${draftPath(conversationId, draftId)}/send`, body);
}

/** POST …/drafts/:draftId/discard: the draft is dropped (204). */
export async function discardCoachDraft(conversationId: string, draftId: string): Promise<void> {
  await coachCall<null>('POST', `${draftPath(conversationId, draftId)}/discard`, {});
}
