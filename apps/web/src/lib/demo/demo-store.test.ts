import { afterEach, describe, expect, it } from 'vitest';
import {
  addDemoReflection,
  DEMO_NO_FOCUS_AREA_ID,
  readDemoProfile,
  readDemoRating,
  readDemoReflections,
  readDemoTrackerFeedback,
  readDemoUser,
  demoConversationAccess,
  spendDemoTrialConversation,
  startDemo,
  updateDemoProfile,
  writeDemoRating,
  writeDemoTrackerFeedback,
} from './demo-store';
import { isDemoSession, leaveDemo } from './demo-session';

const AREA = '3f1c2a8e-6a57-4c56-9a5e-0f2f3c7b9d11';

afterEach(() => localStorage.clear());

describe('demo store', () => {
  it('starts a demo with the spec’s demo user and flag', () => {
    expect(isDemoSession()).toBe(false);
    startDemo(new Date('2026-11-02T10:00:00Z'));
    expect(localStorage.getItem('demoSession')).toBe('true');
    expect(JSON.parse(localStorage.getItem('demoUser')!)).toEqual({
      id: 'demo-user',
      full_name: 'Demo Member',
      focus_area_id: DEMO_NO_FOCUS_AREA_ID,
      coaching_tone_id: 'demo-coaching-tone',
      credits: 15,
      trial_conversations_used: 0,
      trial_started_at: null,
      pricing_plan: 'Base Camp',
      created_at: '2026-11-02T10:00:00.000Z',
    });
    expect(isDemoSession()).toBe(true);
  });

  it('shows the stand-in ids as "none chosen" and keeps real choices', () => {
    startDemo();
    expect(readDemoProfile()).toMatchObject({ focus_area_id: null, coaching_tone_id: null, email: null });
    updateDemoProfile({ focus_area_id: AREA, full_name: '  Sky  ', pricing_plan: 'Free Beta Access' });
    expect(readDemoProfile()).toMatchObject({
      focus_area_id: AREA,
      full_name: 'Sky',
      pricing_plan: 'Free Beta Access',
    });
    updateDemoProfile({ focus_area_id: null });
    expect(readDemoUser().focus_area_id).toBe(DEMO_NO_FOCUS_AREA_ID);
  });

  it('resumes a running demo instead of wiping it', () => {
    startDemo();
    updateDemoProfile({ full_name: 'Returning Visitor' });
    addDemoReflection('Still here', null);
    startDemo();
    expect(readDemoUser().full_name).toBe('Returning Visitor');
    expect(readDemoReflections()).toHaveLength(1);
  });

  it('falls back to defaults when the stored user is broken', () => {
    localStorage.setItem('demoSession', 'true');
    localStorage.setItem('demoUser', '{not json');
    expect(readDemoUser()).toMatchObject({ id: 'demo-user', credits: 15, trial_conversations_used: 0 });
    localStorage.setItem(
      'demoUser',
      JSON.stringify({ id: 'someone-else', credits: -4, trial_conversations_used: 'x' }),
    );
    expect(readDemoUser()).toMatchObject({ id: 'demo-user', credits: 15, trial_conversations_used: 0 });
  });

  it('allows one trial conversation, which continues for a day as a member’s does, then refuses', () => {
    startDemo();
    const start = new Date('2026-11-02T10:00:00Z');
    expect(spendDemoTrialConversation(start)).toEqual({
      ok: true,
      result: {
        basis: 'trial',
        can_start: true,
        limited: true,
        trial_conversations_used: 1,
        trial_continues_until: '2026-11-03T10:00:00.000Z',
      },
    });
    // Writing again within the day is the same conversation: nothing more is spent.
    const later = new Date('2026-11-03T09:59:00Z');
    expect(spendDemoTrialConversation(later)).toMatchObject({ ok: true, result: { basis: 'trial_continues' } });
    expect(demoConversationAccess(later)).toMatchObject({ basis: 'trial_continues', can_start: true });
    const dayAfter = new Date('2026-11-03T10:00:00Z');
    expect(spendDemoTrialConversation(dayAfter)).toEqual({ ok: false, reason: 'trial_expired' });
    expect(demoConversationAccess(dayAfter)).toMatchObject({ basis: 'none', can_start: false });
    expect(readDemoUser().trial_conversations_used).toBe(1);
  });

  it('keeps reflections newest first, ratings per prompt and one tracker answer', () => {
    startDemo();
    addDemoReflection('First', { id: 'p1', title: 'Energy audit' }, new Date('2026-11-01T09:00:00Z'));
    addDemoReflection('  Second  ', null, new Date('2026-11-02T09:00:00Z'));
    expect(readDemoReflections().map((r) => [r.reflection_text, r.strategic_prompt_title])).toEqual([
      ['Second', null],
      ['First', 'Energy audit'],
    ]);

    expect(readDemoRating('p1')).toBeNull();
    writeDemoRating('p1', 4);
    writeDemoRating('p2', 2);
    expect([readDemoRating('p1'), readDemoRating('p2')]).toEqual([4, 2]);

    expect(readDemoTrackerFeedback()).toBeNull();
    writeDemoTrackerFeedback({
      tracking: 'Daily check-ins',
      project_management_tools: ['Trello', 'Notion'],
      visual_feature_preferences: [],
      additional_thoughts: '  ',
    });
    expect(readDemoTrackerFeedback()).toMatchObject({
      tracking: 'Daily check-ins',
      project_management_tools: 'Trello, Notion',
      visual_feature_preferences: '',
      additional_thoughts: null,
    });
  });

  it('forgets everything when the visitor leaves', () => {
    startDemo();
    addDemoReflection('Gone soon', null);
    writeDemoRating('p1', 5);
    localStorage.setItem('selectedPricingPlan', 'The Space Pass');
    leaveDemo();
    expect(isDemoSession()).toBe(false);
    expect(Object.keys(localStorage)).toEqual(['selectedPricingPlan']);
  });
});
