import {
  CREDITS_BASELINE,
  DEFAULT_PLAN_NAME,
  FREE_TRIAL_CONVERSATIONS,
  LIST_LIMIT,
  TRIAL_CONVERSATION_MS,
  joinOptions,
  type ReflectionDto,
  type TrackerFeedbackDto,
  type TrackerFeedbackInput,
  type ConversationAccessDto,
} from '@app/shared';
import { localStore } from '@/lib/browser-storage';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { announceDemoSession, DEMO_USER_ID, isDemoSession } from './demo-session';

/**
 * Demo mode (docs/product.md#demo-mode): a visitor without an account tries the dashboard
 * and profile. Everything they "save" lives in this browser's localStorage; the
 * server is never called with these ids. Whether a demo runs, and leaving it, is
 * ./demo-session.ts, which every page loads; this store loads with the demo.
 */

/** Stand-ins for "none chosen yet" (docs/product.md#demo-mode: stand-in ids for a missing focus area or tone). */
export const DEMO_NO_FOCUS_AREA_ID = 'demo-focus-area';
const DEMO_NO_COACHING_TONE_ID = 'demo-coaching-tone';

/** The demo user as kept under `demoUser` (docs/product.md#demo-mode), plus the plan and start date the profile shows. */
export interface DemoUser {
  id: string;
  full_name: string;
  focus_area_id: string;
  coaching_tone_id: string;
  credits: number;
  trial_conversations_used: number;
  /** When the demo's trial conversation started (it continues for a day, as a member's does); null before. */
  trial_started_at: string | null;
  pricing_plan: string;
  created_at: string;
}

function newDemoUser(now: Date = new Date()): DemoUser {
  return {
    id: DEMO_USER_ID,
    full_name: 'Demo Member',
    focus_area_id: DEMO_NO_FOCUS_AREA_ID,
    coaching_tone_id: DEMO_NO_COACHING_TONE_ID,
    credits: CREDITS_BASELINE,
    trial_conversations_used: 0,
    trial_started_at: null,
    pricing_plan: DEFAULT_PLAN_NAME,
    created_at: now.toISOString(),
  };
}

function readJson(key: string): unknown {
  const raw = localStore.get(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown, fallback: string) => (typeof value === 'string' && value ? value : fallback);
const count = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;

/** Starts (or resumes) the demo: keeps an existing demo user so a second visit carries on. */
export function startDemo(now: Date = new Date()): DemoUser {
  const user = isDemoSession() ? readDemoUser(now) : newDemoUser(now);
  if (!isDemoSession()) {
    localStore.remove(STORAGE_KEYS.demoReflections);
    localStore.remove(STORAGE_KEYS.demoPromptRatings);
    localStore.remove(STORAGE_KEYS.demoTrackerFeedback);
  }
  writeDemoUser(user);
  localStore.set(STORAGE_KEYS.demoSession, 'true');
  announceDemoSession();
  return user;
}

/** The stored demo user; anything missing or hand-edited into nonsense falls back to the defaults. */
export function readDemoUser(now: Date = new Date()): DemoUser {
  const fresh = newDemoUser(now);
  const stored = readJson(STORAGE_KEYS.demoUser);
  if (!isRecord(stored)) return fresh;
  return {
    id: DEMO_USER_ID,
    full_name: str(stored.full_name, fresh.full_name),
    focus_area_id: str(stored.focus_area_id, fresh.focus_area_id),
    coaching_tone_id: str(stored.coaching_tone_id, fresh.coaching_tone_id),
    credits: count(stored.credits, fresh.credits),
    trial_conversations_used: count(stored.trial_conversations_used, 0),
    trial_started_at: typeof stored.trial_started_at === 'string' ? stored.trial_started_at : null,
    pricing_plan: str(stored.pricing_plan, fresh.pricing_plan),
    created_at: str(stored.created_at, fresh.created_at),
  };
}

function writeDemoUser(user: DemoUser): void {
  localStore.set(STORAGE_KEYS.demoUser, JSON.stringify(user));
}

/** A catalogue id, or null when the demo holds a stand-in id (never sent to the server). */
function demoRealId(id: string): string | null {
  return id === DEMO_NO_FOCUS_AREA_ID || id === DEMO_NO_COACHING_TONE_ID ? null : id;
}

/** The demo user in the shape GET /api/me/profile answers, so screens need no second code path. */
export function readDemoProfile(now: Date = new Date()) {
  const user = readDemoUser(now);
  return {
    id: user.id,
    full_name: user.full_name,
    email: null,
    focus_area_id: demoRealId(user.focus_area_id),
    coaching_tone_id: demoRealId(user.coaching_tone_id),
    credits: user.credits,
    pricing_plan: user.pricing_plan,
    trial_conversations_used: user.trial_conversations_used,
    is_active: true,
    created_at: user.created_at,
    updated_at: user.created_at,
  };
}

export interface DemoProfilePatch {
  full_name?: string;
  focus_area_id?: string | null;
  coaching_tone_id?: string | null;
  pricing_plan?: string;
}

export function updateDemoProfile(patch: DemoProfilePatch) {
  const user = readDemoUser();
  writeDemoUser({
    ...user,
    ...(patch.full_name !== undefined && { full_name: patch.full_name.trim() }),
    ...(patch.focus_area_id !== undefined && { focus_area_id: patch.focus_area_id ?? DEMO_NO_FOCUS_AREA_ID }),
    ...(patch.coaching_tone_id !== undefined && {
      coaching_tone_id: patch.coaching_tone_id ?? DEMO_NO_COACHING_TONE_ID,
    }),
    ...(patch.pricing_plan !== undefined && { pricing_plan: patch.pricing_plan }),
  });
  return readDemoProfile();
}

export type DemoTrialOutcome = { ok: true; result: ConversationAccessDto } | { ok: false; reason: 'trial_expired' };

/**
 * The entitlement rule of lib/billing/conversation-access.ts on the demo's counter (the demo
 * has no subscription and no beta place): the trial conversation is open until started, and
 * continues for a day from its start, so writing again or copying the link again within it is
 * the same conversation, never Trial Expired.
 */
function demoAccess(user: DemoUser, now: Date): ConversationAccessDto {
  const limited = { can_start: true, limited: true, trial_conversations_used: user.trial_conversations_used };
  if (user.trial_conversations_used < FREE_TRIAL_CONVERSATIONS) {
    return { ...limited, basis: 'trial', trial_continues_until: null };
  }
  const started = user.trial_started_at ? Date.parse(user.trial_started_at) : NaN;
  if (Number.isFinite(started) && now.getTime() - started < TRIAL_CONVERSATION_MS) {
    return {
      ...limited,
      basis: 'trial_continues',
      trial_continues_until: new Date(started + TRIAL_CONVERSATION_MS).toISOString(),
    };
  }
  return { ...limited, basis: 'none', can_start: false, trial_continues_until: null };
}

/** What the demo visitor's trial allows now. */
export function demoConversationAccess(now: Date = new Date()): ConversationAccessDto {
  return demoAccess(readDemoUser(now), now);
}

/** Starts the demo's conversation: spends the trial, continues it within its day, or refuses as the server does. */
export function spendDemoTrialConversation(now: Date = new Date()): DemoTrialOutcome {
  const user = readDemoUser(now);
  if (user.trial_conversations_used < FREE_TRIAL_CONVERSATIONS) {
    const spent = {
      ...user,
      trial_conversations_used: user.trial_conversations_used + 1,
      trial_started_at: now.toISOString(),
    };
    writeDemoUser(spent);
    return {
      ok: true,
      result: { ...demoAccess(spent, now), basis: 'trial' },
    };
  }
  const access = demoAccess(user, now);
  return access.can_start ? { ok: true, result: access } : { ok: false, reason: 'trial_expired' };
}

/** Every demo reflection, newest first. */
export function readDemoReflections(): ReflectionDto[] {
  const stored = readJson(STORAGE_KEYS.demoReflections);
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(isRecord)
    .filter((r) => typeof r.reflection_text === 'string' && typeof r.created_at === 'string')
    .map((r) => ({
      id: str(r.id, crypto.randomUUID()),
      created_at: r.created_at as string,
      reflection_text: r.reflection_text as string,
      strategic_prompt_id: typeof r.strategic_prompt_id === 'string' ? r.strategic_prompt_id : null,
      strategic_prompt_title: typeof r.strategic_prompt_title === 'string' ? r.strategic_prompt_title : null,
    }));
}

/** Demo storage is bounded: a visitor cannot fill the browser's quota by writing all day. */
const MAX_DEMO_REFLECTIONS = 100;

export function addDemoReflection(
  text: string,
  prompt: { id: string; title: string } | null,
  now: Date = new Date(),
): ReflectionDto {
  const reflection: ReflectionDto = {
    id: crypto.randomUUID(),
    created_at: now.toISOString(),
    reflection_text: text.trim(),
    strategic_prompt_id: prompt?.id ?? null,
    strategic_prompt_title: prompt?.title ?? null,
  };
  const all = [reflection, ...readDemoReflections()].slice(0, MAX_DEMO_REFLECTIONS);
  localStore.set(STORAGE_KEYS.demoReflections, JSON.stringify(all));
  return reflection;
}

export function recentDemoReflections(): ReflectionDto[] {
  return readDemoReflections().slice(0, LIST_LIMIT);
}

function readDemoRatings(): Record<string, number> {
  const stored = readJson(STORAGE_KEYS.demoPromptRatings);
  return isRecord(stored)
    ? Object.fromEntries(
        Object.entries(stored).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
      )
    : {};
}

export function readDemoRating(promptId: string): number | null {
  const rating = readDemoRatings()[promptId];
  return rating && rating >= 1 && rating <= 5 ? rating : null;
}

export function writeDemoRating(promptId: string, rating: number): number {
  localStore.set(STORAGE_KEYS.demoPromptRatings, JSON.stringify({ ...readDemoRatings(), [promptId]: rating }));
  return rating;
}

export function readDemoTrackerFeedback(): TrackerFeedbackDto | null {
  const stored = readJson(STORAGE_KEYS.demoTrackerFeedback);
  if (!isRecord(stored) || typeof stored.tracking !== 'string') return null;
  return {
    id: 'demo-tracker-feedback',
    user_id: DEMO_USER_ID,
    tracking: stored.tracking,
    project_management_tools: str(stored.project_management_tools, ''),
    visual_feature_preferences: str(stored.visual_feature_preferences, ''),
    additional_thoughts: typeof stored.additional_thoughts === 'string' ? stored.additional_thoughts : null,
    created_at: str(stored.created_at, new Date().toISOString()),
    updated_at: str(stored.updated_at, new Date().toISOString()),
  };
}

export function writeDemoTrackerFeedback(input: TrackerFeedbackInput, now: Date = new Date()): TrackerFeedbackDto {
  const previous = readDemoTrackerFeedback();
  const feedback: TrackerFeedbackDto = {
    id: 'demo-tracker-feedback',
    user_id: DEMO_USER_ID,
    tracking: input.tracking,
    project_management_tools: joinOptions(input.project_management_tools),
    visual_feature_preferences: joinOptions(input.visual_feature_preferences),
    additional_thoughts: input.additional_thoughts?.trim() || null,
    created_at: previous?.created_at ?? now.toISOString(),
    updated_at: now.toISOString(),
  };
  localStore.set(STORAGE_KEYS.demoTrackerFeedback, JSON.stringify(feedback));
  return feedback;
}
