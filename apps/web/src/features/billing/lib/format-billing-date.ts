import { format } from 'date-fns';

/** "22 December 2026": the dates of billing, as the plan-change dialogs write them. */
export function formatBillingDate(value: string | Date): string {
  return format(typeof value === 'string' ? new Date(value) : value, 'd MMMM yyyy');
}
