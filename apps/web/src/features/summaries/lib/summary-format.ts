import { formatSummaryScore, type WeeklySummaryDto, type WeeklySummaryNumbers } from '@app/shared';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A local date (yyyy-MM-dd) as a calendar day: read at UTC so no zone moves it. */
const dayOf = (date: string) => new Date(`${date}T00:00:00Z`);

/** "16 – 22 November 2026", "30 November – 6 December 2026": the member's local Monday to Sunday. */
export function weekLabel(summary: Pick<WeeklySummaryDto, 'week_start' | 'week_end'>): string {
  // Plain spaces around the dash (Intl writes thin ones): the same label wherever it is read or matched.
  return dayMonthYear.formatRange(dayOf(summary.week_start), dayOf(summary.week_end)).replace(/\u2009/g, ' ');
}

/** The change against the week before in words ("2 lower"), or null when there was nothing to compare. */
export function changeLabel(change: number | null): string | null {
  if (change === null) return null;
  if (Math.abs(change) < 0.05) return 'The same';
  return `${formatSummaryScore(Math.abs(change))} ${change < 0 ? 'lower' : 'higher'}`;
}

export type SummaryFigure = { label: string; value: string };

/** The week's numbers as labelled figures, in the order the summary says them. */
export function summaryFigures(numbers: WeeklySummaryNumbers): SummaryFigure[] {
  const figures: SummaryFigure[] = [
    { label: 'Check-ins', value: String(numbers.checkins) },
    {
      label: 'Average stress',
      value: numbers.average_score === null ? 'None yet' : `${formatSummaryScore(numbers.average_score)} of 10`,
    },
  ];
  const change = changeLabel(numbers.score_change);
  if (change) figures.push({ label: 'Against the week before', value: change });
  figures.push(
    { label: 'Steps done', value: String(numbers.steps_done) },
    { label: 'Steps not done', value: String(numbers.steps_not_done) },
    { label: 'Reflections', value: String(numbers.reflections_written) },
  );
  return figures;
}
