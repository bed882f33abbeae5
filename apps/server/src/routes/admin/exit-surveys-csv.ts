import { toCsv } from '../../lib/http/csv';
import { formatDateIn, formatDateTimeIn } from '../../lib/time/zoned-time';

export interface ExitSurveyExportRow {
  createdAt: Date;
  name: string;
  email: string;
  willingnessToPay: string;
  chatPreference: string | null;
  reason: string | null;
}

/** The export's columns (docs/product.md#admin-back-office). */
export const EXIT_SURVEY_CSV_HEADER = ['Date', 'Name', 'Email', 'Willingness to Pay', 'Chat Preference', 'Reason'];

/** The export file: dates as `yyyy-MM-dd HH:mm` in the admin's time zone, 'N/A' for what is missing. */
export function exitSurveysCsv(rows: readonly ExitSurveyExportRow[], timeZone: string): string {
  return toCsv([
    EXIT_SURVEY_CSV_HEADER,
    ...rows.map((row) => [
      formatDateTimeIn(row.createdAt, timeZone),
      row.name,
      row.email,
      row.willingnessToPay,
      row.chatPreference ?? 'N/A',
      row.reason?.trim() ? row.reason : 'N/A',
    ]),
  ]);
}

/** Named with the export date, as the admin's calendar shows it. */
export function exitSurveysCsvFileName(now: Date, timeZone: string): string {
  return `exit-surveys-${formatDateIn(now, timeZone)}.csv`;
}
