import {
  LIST_LIMIT,
  type CheckinDto,
  type CheckinInput,
  type MemberCheckinsDto,
  type ProgrammeSettingsDto,
} from '@app/shared';
import { jsonRequest, read } from '@/lib/api-request';
import type { MemberApi } from './member-api';

/**
 * The typed client, loaded with the first member call: this adapter is part of the
 * start-up chunk, which a signed-out visitor on a public page should not pay hono's client for.
 */
const client = () => import('@/lib/api').then((module) => module.api);

// hono's client puts path parameters into the path as they are: encode them.
const ratingOf = (promptId: string) => ({ param: { promptId: encodeURIComponent(promptId) } });

/** The signed-in member's adapter: every call goes to the server's /api/me routes. */
export const serverMemberApi: MemberApi = {
  getProfile: async () => read((await client()).me.profile.$get()),
  updateProfile: async (input) => read((await client()).me.profile.$patch({ json: input })),
  getAnalytics: async () => read((await client()).me.analytics.$get()),
  getSubscription: async () => read((await client()).me.subscription.$get()),
  getReflections: async () => read((await client()).me.reflections.$get({ query: { limit: String(LIST_LIMIT) } })),
  createReflection: async (text, prompt) =>
    read(
      (await client()).me.reflections.$post({
        json: { reflection_text: text, strategic_prompt_id: prompt?.id ?? null },
      }),
    ),
  getPromptRating: async (promptId) => {
    const saved = await read((await client()).me['prompt-ratings'][':promptId'].$get(ratingOf(promptId)));
    return saved?.rating ?? null;
  },
  ratePrompt: async (promptId, rating) => {
    const saved = await read(
      (await client()).me['prompt-ratings'][':promptId'].$put({ ...ratingOf(promptId), json: { rating } }),
    );
    return saved.rating;
  },
  getTrackerFeedback: async () => read((await client()).me['tracker-feedback'].$get()),
  saveTrackerFeedback: async (input) => read((await client()).me['tracker-feedback'].$put({ json: input })),
  getBetaPlace: async () => read((await client()).me['beta-place'].$get()),
  getConversationAccess: async () => read((await client()).me['trial-use'].$get()),
  trackTrialUse: async () => read((await client()).me['trial-use'].$post()),
  getChatPage: async (cursor) => read((await client()).me.messages.$get({ query: cursor })),
  sendChatMessage: async (message, clientId) =>
    read((await client()).me.messages.$post({ json: { message, client_id: clientId } })),
  markChatRead: async () => read((await client()).me.messages.read.$post()),
  getCoach: async () => read((await client()).me.coach.$get()),
  askForPerson: async () => read((await client()).me.coach.human.$post()),
  getCoachMemory: async () => read((await client()).me.coach.memory.$get()),
  forgetCoachMemory: async () => {
    await read((await client()).me.coach.memory.$delete());
  },
  // The programme's routes by path, typed by their contract (packages/shared/src/programme).
  getProgrammeSettings: () => jsonRequest<ProgrammeSettingsDto>('GET', '/api/me/programme'),
  saveProgrammeSettings: (settings) => jsonRequest<ProgrammeSettingsDto>('PUT', '/api/me/programme', settings),
  getCheckins: (days) => jsonRequest<MemberCheckinsDto>('GET', `/api/me/checkins?days=${days}`),
  createCheckin: async (input: CheckinInput) =>
    (await jsonRequest<{ checkin: CheckinDto }>('POST', '/api/me/checkins', input)).checkin,
};
