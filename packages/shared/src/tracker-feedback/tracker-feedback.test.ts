import { describe, expect, it } from 'vitest';
import { MAX_TRACKER_THOUGHTS_LENGTH, trackerFeedbackSchema } from './tracker-feedback';
import {
  TOOL_OPTIONS,
  TRACKING_OPTIONS,
  VISUAL_FEATURE_OPTIONS,
  joinOptions,
  splitOptions,
} from './tracker-feedback-options';

const valid = {
  tracking: 'Milestone-based tracking',
  project_management_tools: ['Trello', 'Monday.com'],
  visual_feature_preferences: ['Timeline/Gantt charts'],
};

describe('trackerFeedbackSchema', () => {
  it('accepts every listed option, empty lists and optional thoughts', () => {
    for (const tracking of TRACKING_OPTIONS)
      expect(trackerFeedbackSchema.safeParse({ ...valid, tracking }).success).toBe(true);
    expect(
      trackerFeedbackSchema.parse({
        tracking: 'Habit tracking',
        project_management_tools: [...TOOL_OPTIONS],
        visual_feature_preferences: [...VISUAL_FEATURE_OPTIONS],
        additional_thoughts: '  More charts, please  ',
      }).additional_thoughts,
    ).toBe('More charts, please');
    expect(
      trackerFeedbackSchema.safeParse({ ...valid, project_management_tools: [], visual_feature_preferences: [] })
        .success,
    ).toBe(true);
  });

  it('asks to select a tracking option when it is missing or unknown', () => {
    for (const tracking of [undefined, '', 'Carrier pigeon']) {
      const result = trackerFeedbackSchema.safeParse({ ...valid, tracking });
      expect(result.error?.issues.map((i) => i.message)).toEqual(['Please select an option']);
    }
  });

  it('refuses options not on the lists, over-long thoughts and extra fields', () => {
    expect(trackerFeedbackSchema.safeParse({ ...valid, project_management_tools: ['Paper'] }).success).toBe(false);
    expect(trackerFeedbackSchema.safeParse({ ...valid, visual_feature_preferences: ['3D holograms'] }).success).toBe(
      false,
    );
    expect(
      trackerFeedbackSchema.safeParse({ ...valid, additional_thoughts: 'x'.repeat(MAX_TRACKER_THOUGHTS_LENGTH + 1) })
        .error?.issues[0]?.message,
    ).toBe(`Thoughts must be less than ${MAX_TRACKER_THOUGHTS_LENGTH} characters`);
    expect(trackerFeedbackSchema.safeParse({ ...valid, user_id: 'someone' }).success).toBe(false);
  });

  it('has no option containing the list separator, so lists survive storage', () => {
    for (const option of [...TRACKING_OPTIONS, ...TOOL_OPTIONS, ...VISUAL_FEATURE_OPTIONS]) {
      expect(option).not.toContain(', ');
    }
  });
});

describe('joinOptions / splitOptions', () => {
  it('round-trips a list through the stored text', () => {
    expect(joinOptions(['Trello', 'Notion'])).toBe('Trello, Notion');
    expect(splitOptions('Trello, Notion')).toEqual(['Trello', 'Notion']);
    expect(splitOptions(joinOptions(VISUAL_FEATURE_OPTIONS))).toEqual([...VISUAL_FEATURE_OPTIONS]);
  });

  it('reads empty or missing text as no options', () => {
    expect(joinOptions([])).toBe('');
    expect(splitOptions('')).toEqual([]);
    expect(splitOptions(null)).toEqual([]);
    expect(splitOptions(undefined)).toEqual([]);
  });
});
