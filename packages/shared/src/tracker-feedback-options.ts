/**
 * The tracker-feedback option lists and their stored form, free of zod so that
 * screens which only display answers do not load the validation library.
 */

/** Option lists of the tracker-feedback card (admin-and-marketing §3). */
export const TRACKING_OPTIONS = [
  'Milestone-based tracking',
  'Daily check-ins',
  'Weekly progress reports',
  'Project-based tracking',
  'Habit tracking',
] as const;

/** The spec's list shows a "{host}" placeholder; Monday.com fills it (docs/decisions). */
export const TOOL_OPTIONS = [
  'Trello',
  'Asana',
  'Notion',
  'Monday.com',
  'Jira',
  'ClickUp',
  'Todoist',
  'Microsoft Project',
  'Basecamp',
  'Airtable',
  'Google Sheets',
  'Excel',
  'Other',
] as const;

export const VISUAL_FEATURE_OPTIONS = [
  'Progress bars and percentages',
  'Kanban boards',
  'Calendar views',
  'Timeline/Gantt charts',
  'Goal completion badges',
  'Achievement streaks',
  'Analytics dashboards',
  'Visual goal maps',
  'Progress photos/screenshots',
  'Custom metrics tracking',
] as const;

/** A stored answer as the API returns it (lists as the spec stores them: "a, b"). */
export interface TrackerFeedbackDto {
  id: string;
  user_id: string;
  tracking: string;
  project_management_tools: string;
  visual_feature_preferences: string;
  additional_thoughts: string | null;
  created_at: string;
  updated_at: string;
}

/** "Trello, Notion" ⇄ ['Trello', 'Notion'] */
export function joinOptions(values: readonly string[]): string {
  return values.join(', ');
}
export function splitOptions(stored: string | null | undefined): string[] {
  return (stored ?? '')
    .split(', ')
    .map((v) => v.trim())
    .filter(Boolean);
}
