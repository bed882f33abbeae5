import { createContext, useContext } from 'react';
import type {
  BetaPlacesDto,
  ChatMessageDto,
  CheckinDto,
  CheckinInput,
  ChatPageDto,
  CoachMemoryDto,
  ConversationAccessDto,
  MarkedReadDto,
  MemberCheckinsDto,
  MemberCoachDto,
  ProfileAnalyticsDto,
  ProfileDto,
  ProfileUpdateInput,
  ProgrammeSettingsDto,
  ReflectionDto,
  StrategicPromptDto,
  SubscriptionStatusDto,
  MemberPlanDto,
  TrackerFeedbackDto,
  TrackerFeedbackInput,
} from '@app/shared';

/**
 * Everything a member reads and writes about themselves (the /api/me routes).
 * Two adapters answer it: the server's, for a signed-in member, and the demo's,
 * which keeps a visitor's data in this browser (docs/architecture.md "Demo mode").
 * Features call these methods and never ask which adapter they hold.
 */
export interface MemberApi {
  getProfile(): Promise<ProfileDto>;
  updateProfile(input: ProfileUpdateInput): Promise<ProfileDto>;
  getAnalytics(): Promise<ProfileAnalyticsDto>;
  getSubscription(): Promise<SubscriptionStatusDto>;
  /** The plan the member holds: what decides their access and what every screen names (GET /api/me/plan). */
  getPlan(): Promise<MemberPlanDto>;
  getReflections(): Promise<ReflectionDto[]>;
  createReflection(text: string, prompt: StrategicPromptDto | null): Promise<ReflectionDto>;
  getPromptRating(promptId: string): Promise<number | null>;
  ratePrompt(promptId: string, rating: number): Promise<number>;
  getTrackerFeedback(): Promise<TrackerFeedbackDto | null>;
  saveTrackerFeedback(input: TrackerFeedbackInput): Promise<TrackerFeedbackDto>;
  /** The Free Beta Access places left, and whether the member holds one (GET /api/me/beta-place). */
  getBetaPlace(): Promise<BetaPlacesDto>;
  /** What the entitlement rule allows now (GET /api/me/trial-use). */
  getConversationAccess(): Promise<ConversationAccessDto>;
  /** Starts a coach conversation, spending the free trial when that is what allows it; refused with TRIAL_EXPIRED_CODE. */
  trackTrialUse(): Promise<ConversationAccessDto>;
  /** A page of the member's conversation with the coach (GET /api/me/messages): newest, `before` or `after` a message. */
  getChatPage(cursor: { before?: string; after?: string }): Promise<ChatPageDto>;
  /**
   * Writes to the coach (POST /api/me/messages) with the screen's own id for the message, echoed back;
   * refused with TRIAL_EXPIRED_CODE when the plan does not allow it.
   */
  sendChatMessage(message: string, clientId: string): Promise<ChatMessageDto>;
  /** The coach's replies are read now (POST /api/me/messages/read). */
  markChatRead(): Promise<MarkedReadDto>;
  /** Who answers the member's next message: the AI coach or a person (GET /api/me/coach). */
  getCoach(): Promise<MemberCoachDto>;
  /** "Talk to a person": hands the conversation to the team, the AI stops (POST /api/me/coach/human). */
  askForPerson(): Promise<MemberCoachDto>;
  /** What the coach remembers about the member (GET /api/me/coach/memory). */
  getCoachMemory(): Promise<CoachMemoryDto>;
  /** Forgets it all: the summary and the notes (DELETE /api/me/coach/memory). */
  forgetCoachMemory(): Promise<void>;
  /** When and what the programme sends the member (GET /api/me/programme; the defaults before the first save). */
  getProgrammeSettings(): Promise<ProgrammeSettingsDto>;
  /** Saves all of them at once (PUT /api/me/programme): the saved settings. */
  saveProgrammeSettings(settings: ProgrammeSettingsDto): Promise<ProgrammeSettingsDto>;
  /** The member's check-ins of the last `days` days, oldest first, and the one waiting (GET /api/me/checkins). */
  getCheckins(days: number): Promise<MemberCheckinsDto>;
  /** Answers a check-in, or checks in unasked (POST /api/me/checkins); refused with 409 once already answered. */
  createCheckin(input: CheckinInput): Promise<CheckinDto>;
}

/** Whose data the screens show, and the adapter that reads and writes it. */
export interface Member {
  /** Part of every member query key, so one account never sees another's cached data. */
  userId: string;
  /** A visitor trying the demo, whose data stays in this browser. */
  demo: boolean;
  api: MemberApi;
}

/** Provided by the app (app/member/member-provider.tsx); null when nobody is signed in and no demo runs. */
export const MemberContext = createContext<Member | null>(null);

export function useMember(): Member | null {
  return useContext(MemberContext);
}

/** The member's adapter, for queries that are only enabled while there is a member. */
export function requireMember(member: Member | null): Member {
  if (!member) throw new Error('No member: this query runs only while someone is signed in or trying the demo');
  return member;
}
