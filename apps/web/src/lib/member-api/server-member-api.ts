import { LIST_LIMIT } from '@app/shared';
import { api, read } from '@/lib/api';
import type { MemberApi } from './member-api';

// hono's client puts path parameters into the path as they are: encode them.
const ratingOf = (promptId: string) => ({ param: { promptId: encodeURIComponent(promptId) } });

/** The signed-in member's adapter: every call goes to the server's /api/me routes. */
export const serverMemberApi: MemberApi = {
  getProfile: () => read(api.me.profile.$get()),
  updateProfile: (input) => read(api.me.profile.$patch({ json: input })),
  getAnalytics: () => read(api.me.analytics.$get()),
  getSubscription: () => read(api.me.subscription.$get()),
  getReflections: () => read(api.me.reflections.$get({ query: { limit: String(LIST_LIMIT) } })),
  createReflection: (text, prompt) =>
    read(api.me.reflections.$post({ json: { reflection_text: text, strategic_prompt_id: prompt?.id ?? null } })),
  getPromptRating: async (promptId) => {
    const saved = await read(api.me['prompt-ratings'][':promptId'].$get(ratingOf(promptId)));
    return saved?.rating ?? null;
  },
  ratePrompt: async (promptId, rating) => {
    const saved = await read(api.me['prompt-ratings'][':promptId'].$put({ ...ratingOf(promptId), json: { rating } }));
    return saved.rating;
  },
  getTrackerFeedback: () => read(api.me['tracker-feedback'].$get()),
  saveTrackerFeedback: (input) => read(api.me['tracker-feedback'].$put({ json: input })),
  getBetaPlace: () => read(api.me['beta-place'].$get()),
  getConversationAccess: () => read(api.me['trial-use'].$get()),
  trackTrialUse: () => read(api.me['trial-use'].$post()),
};
