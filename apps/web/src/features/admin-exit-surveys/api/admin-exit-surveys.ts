import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminExitSurveysDto } from '@app/shared';
import { api, read, readFile } from '@/lib/api';

export const adminExitSurveysQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['admin', 'exit-surveys', page],
    queryFn: (): Promise<AdminExitSurveysDto> =>
      read(api.admin['exit-surveys'].$get({ query: { page: String(page) } })),
    placeholderData: keepPreviousData,
  });

export function useAdminExitSurveys(page: number) {
  return useQuery(adminExitSurveysQueryOptions(page));
}

/** The browser's time zone, for the dates in the export (decision 027). */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * Downloads every survey answer as CSV, built by the server (decision 027),
 * and saves it under the name the server gives it (with the export date).
 */
export async function downloadExitSurveysCsv(): Promise<string> {
  const { blob, fileName = 'exit-surveys.csv' } = await readFile(
    api.admin['exit-surveys'].export.$get({ query: { tz: browserTimeZone() } }),
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName;
}
