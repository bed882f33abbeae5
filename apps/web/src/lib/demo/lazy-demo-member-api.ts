import type { MemberApi } from '@/lib/member-api/member-api';

const load = () => import('./demo-member-api').then((module) => module.demoMemberApi);

/** One method of the demo adapter, downloading the adapter with its first call. */
function method<K extends keyof MemberApi>(name: K): MemberApi[K] {
  type Method = (...args: unknown[]) => Promise<unknown>;
  const call = (...args: unknown[]) => load().then((api) => (api[name] as Method)(...args));
  return call as MemberApi[K];
}

/**
 * The demo's adapter as the member provider hands it out: every page has the
 * provider, but only a running demo needs the demo store, its analytics and its
 * chat, so they are downloaded with the demo's first call (every method is async).
 */
export const lazyDemoMemberApi: MemberApi = {
  getProfile: method('getProfile'),
  updateProfile: method('updateProfile'),
  getAnalytics: method('getAnalytics'),
  getSubscription: method('getSubscription'),
  getPlan: method('getPlan'),
  getReflections: method('getReflections'),
  createReflection: method('createReflection'),
  getPromptRating: method('getPromptRating'),
  ratePrompt: method('ratePrompt'),
  getTrackerFeedback: method('getTrackerFeedback'),
  saveTrackerFeedback: method('saveTrackerFeedback'),
  getBetaPlace: method('getBetaPlace'),
  getConversationAccess: method('getConversationAccess'),
  trackTrialUse: method('trackTrialUse'),
  getChatPage: method('getChatPage'),
  sendChatMessage: method('sendChatMessage'),
  markChatRead: method('markChatRead'),
  getCoach: method('getCoach'),
  askForPerson: method('askForPerson'),
  getCoachMemory: method('getCoachMemory'),
  forgetCoachMemory: method('forgetCoachMemory'),
  getProgrammeSettings: method('getProgrammeSettings'),
  saveProgrammeSettings: method('saveProgrammeSettings'),
  getCheckins: method('getCheckins'),
  createCheckin: method('createCheckin'),
};
