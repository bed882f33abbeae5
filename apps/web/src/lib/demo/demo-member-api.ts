import {
  BETA_CAPACITY,
  findPlanByKey,
  openEndedFreePlan,
  scriptedReply,
  type CoachMemoryDto,
  type MemberCoachDto,
  type SubscriptionStatusDto,
} from '@app/shared';
import { currentBetaPlaces } from '@/lib/beta-places';
import type { MemberApi } from '@/lib/member-api/member-api';
import { computeDemoAnalytics } from './demo-analytics';
import {
  addDemoCheckin,
  readDemoCheckins,
  readDemoProgrammeSettings,
  saveDemoProgrammeSettings,
} from './demo-programme';
import { demoTrialExpired, markDemoChatRead, readDemoChatPage, sendDemoChatMessage } from './demo-chat';
import {
  addDemoReflection,
  readDemoProfile,
  readDemoRating,
  readDemoReflections,
  readDemoTrackerFeedback,
  readDemoUser,
  recentDemoReflections,
  demoConversationAccess,
  spendDemoTrialConversation,
  updateDemoProfile,
  writeDemoRating,
  writeDemoTrackerFeedback,
} from './demo-store';

/** A demo visitor has no subscription; the server is never asked. */
const NOT_SUBSCRIBED: SubscriptionStatusDto = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  cancel_at_period_end: false,
  billing_period: null,
};

/**
 * The demo's coach is the scripted AI coach, answering in the browser; there is
 * no team behind it, and it remembers nothing. The screens still show what the
 * coach would read.
 */
const DEMO_COACH: MemberCoachDto = { answered_by: 'ai', state: 'on' };

/** The demo coach's answer: the scripted coach's, without the team it does not have. */
const demoCoachReply = (text: string) => scriptedReply({ text, focusArea: null, prompt: null, teamReads: false });
const DEMO_COACH_MEMORY: CoachMemoryDto = {
  summary: null,
  notes: [],
  also_reads: [
    'Your focus area',
    'Your coaching tone',
    "Today's prompt",
    'Your recent reflections and the ratings you gave prompts',
    'The last messages of your conversation',
  ],
};

/**
 * The demo visitor's adapter (docs/product.md#demo-mode): the same answers the
 * server would give, read from and written to this browser's storage, so the
 * screens have no second code path. It fails the way the server does, too.
 */
export const demoMemberApi: MemberApi = {
  getProfile: async () => readDemoProfile(),
  updateProfile: async (input) => updateDemoProfile(input),
  getAnalytics: async () => computeDemoAnalytics(readDemoUser(), readDemoReflections()),
  getSubscription: async () => NOT_SUBSCRIBED,
  // The demo's plan follows its own rules: a beta place while Free Beta Access is chosen, else Base Camp.
  getPlan: async () => {
    if (readDemoProfile().pricing_plan === findPlanByKey('free_beta')!.name)
      return openEndedFreePlan('free_beta', 'beta');
    return openEndedFreePlan('base_camp', demoConversationAccess().can_start ? 'trial' : 'none');
  },
  getReflections: async () => recentDemoReflections(),
  createReflection: async (text, prompt) => addDemoReflection(text, prompt),
  getPromptRating: async (promptId) => readDemoRating(promptId),
  ratePrompt: async (promptId, rating) => writeDemoRating(promptId, rating),
  getTrackerFeedback: async () => readDemoTrackerFeedback(),
  saveTrackerFeedback: async (input) => writeDemoTrackerFeedback(input),
  // The demo never takes a real place: every demo visitor may try Free Beta Access, and
  // sees the same figures as the public pages (decision 038).
  getBetaPlace: async () => ({
    ...(currentBetaPlaces() ?? { seats: BETA_CAPACITY, left: BETA_CAPACITY }),
    holding: readDemoProfile().pricing_plan === findPlanByKey('free_beta')!.name,
  }),
  getConversationAccess: async () => demoConversationAccess(),
  trackTrialUse: async () => {
    const outcome = spendDemoTrialConversation();
    if (!outcome.ok) throw demoTrialExpired();
    return outcome.result;
  },
  getChatPage: async (cursor) => readDemoChatPage(cursor),
  sendChatMessage: async (message, clientId) =>
    sendDemoChatMessage(
      message,
      clientId,
      () => {
        if (!spendDemoTrialConversation().ok) throw demoTrialExpired();
      },
      demoCoachReply,
    ),
  markChatRead: async () => markDemoChatRead(),
  getCoach: async () => DEMO_COACH,
  askForPerson: async () => DEMO_COACH,
  getCoachMemory: async () => DEMO_COACH_MEMORY,
  forgetCoachMemory: async () => {},
  getProgrammeSettings: async () => readDemoProgrammeSettings(),
  saveProgrammeSettings: async (settings) => saveDemoProgrammeSettings(settings),
  getCheckins: async (days) => readDemoCheckins(days),
  createCheckin: async (input) => addDemoCheckin(input),
};
