/**
 * The tracker-feedback option lists and their stored form, free of zod so that
 * screens which only display answers do not load the validation library.
 */

/** Option lists of the tracker-feedback card (docs/product.md#reflections-and-prompts). */
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
