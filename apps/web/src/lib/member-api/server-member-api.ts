import { LIST_LIMIT, type CheckinInput } from '@app/shared';
import { read } from '@/lib/api-request';
import type { MemberApi } from './member-api';

/**
 * The typed client, loaded with the first member call: this adapter is part of the
 * start-up chunk, which a signed-out visitor on a public page should not pay hono's client for.
 */
const typedClient = () => import('@/lib/api');
const client = () => typedClient().then((module) => module.api);

// hono's client puts path parameters into the path as they are: encode them.
const ratingOf = (promptId: string) => ({ param: { promptId: encodeURIComponent(promptId) } });

/** The signed-in member's adapter: every call goes to the server's /api/me routes. */
export const serverMemberApi: MemberApi = {
  getProfile: async () => read((await client()).me.profile.$get()),
  updateProfile: async (input) => read((await client()).me.profile.$patch({ json: input })),
  getAnalytics: async () => read((await client()).me.analytics.$get()),
  getSubscription: async () => read((await client()).me.subscription.$get()),
  getPlan: async () => read((await client()).me.plan.$get()),
  getReflections: async () => read((await client()).me.reflections.$get({ query: { limit: String(LIST_LIMIT) } })),
  createReflection: async (text, prompt) => {
    const { api, OUTLIVES_THE_PAGE } = await typedClient();
    // Saving when the member reloads or closes the tab still arrives (at most 5,000 characters,
    // within keepalive's 64 KB); the form asks before the page goes (lib/unsaved-before-leaving.ts).
    return read(
      api.me.reflections.$post(
        { json: { reflection_text: text, strategic_prompt_id: prompt?.id ?? null } },
        OUTLIVES_THE_PAGE,
      ),
    );
  },
  getPromptRating: async (promptId) => {
    const saved = await read((await client()).me['prompt-ratings'][':promptId'].$get(ratingOf(promptId)));
    return saved?.rating ?? null;
  },
  ratePrompt: async (promptId, rating) => {
    const { api, OUTLIVES_THE_PAGE } = await typedClient();
    const saved = await read(
      // A rating sent as the page is left (lib/unsaved-before-leaving.ts) still arrives.
      api.me['prompt-ratings'][':promptId'].$put({ ...ratingOf(promptId), json: { rating } }, OUTLIVES_THE_PAGE),
    );
    return saved.rating;
  },
  getTrackerFeedback: async () => read((await client()).me['tracker-feedback'].$get()),
  saveTrackerFeedback: async (input) => read((await client()).me['tracker-feedback'].$put({ json: input })),
  getBetaPlace: async () => read((await client()).me['beta-place'].$get()),
  getConversationAccess: async () => read((await client()).me['trial-use'].$get()),
  trackTrialUse: async () => read((await client()).me['trial-use'].$post()),
  getChatPage: async (cursor) => read((await client()).me.messages.$get({ query: cursor })),
  sendChatMessage: async (message, clientId) => {
    const { api, OUTLIVES_THE_PAGE } = await typedClient();
    // A message on its way when the member reloads or closes the tab still arrives: the chat
    // showed it as theirs (at most 4,000 characters, within keepalive's 64 KB).
    return read(api.me.messages.$post({ json: { message, client_id: clientId } }, OUTLIVES_THE_PAGE));
  },
  markChatRead: async () => read((await client()).me.messages.read.$post()),
  getCoach: async () => read((await client()).me.coach.$get()),
  askForPerson: async () => read((await client()).me.coach.human.$post()),
  getCoachMemory: async () => read((await client()).me.coach.memory.$get()),
  forgetCoachMemory: async () => {
    await read((await client()).me.coach.memory.$delete());
  },
  getProgrammeSettings: async () => read((await client()).me.programme.$get()),
  saveProgrammeSettings: async (settings) => read((await client()).me.programme.$put({ json: settings })),
  getCheckins: async (days) => read((await client()).me.checkins.$get({ query: { days: String(days) } })),
  createCheckin: async (input: CheckinInput) => {
    const { api, OUTLIVES_THE_PAGE } = await typedClient();
    // An answer on its way when the page goes still arrives, as a reflection does.
    return (await read(api.me.checkins.$post({ json: input }, OUTLIVES_THE_PAGE))).checkin;
  },
};
