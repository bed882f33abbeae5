import { useId } from 'react';
import type { AdminActivityFilter, AdminPlanFilter } from '@app/shared';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The users list's filters (decision 060); `all` is no filter. */
export interface UserFilters {
  plan: AdminPlanFilter | 'all';
  status: 'active' | 'inactive' | 'all';
  activity: AdminActivityFilter | 'all';
}
export const NO_FILTERS: UserFilters = { plan: 'all', status: 'all', activity: 'all' };

const CHOICES: { [K in keyof UserFilters]: { label: string; options: [UserFilters[K], string][] } } = {
  plan: {
    label: 'Plan',
    options: [
      ['all', 'Every plan'],
      ['paying', 'Paying (live subscription)'],
      ['granted', 'Free access for a time (a grant)'],
      ['beta', 'Free Beta Access place'],
      ['free', 'Base Camp (none of these)'],
    ],
  },
  status: {
    label: 'Status',
    options: [
      ['all', 'Any status'],
      ['active', 'Active'],
      ['inactive', 'Inactive'],
    ],
  },
  activity: {
    label: 'Last activity',
    options: [
      ['all', 'Any time'],
      ['week', 'In the last 7 days'],
      ['month', 'In the last 30 days'],
      ['dormant', 'None in 30 days'],
    ],
  },
};

/** Plan, status and last activity, each a labelled select. */
export function UserFiltersBar({ value, onChange }: { value: UserFilters; onChange(next: UserFilters): void }) {
  const id = useId();
  return (
    <div role="group" aria-label="Filter users" className="flex flex-wrap items-end gap-3">
      {(Object.keys(CHOICES) as (keyof UserFilters)[]).map((key) => (
        <div key={key} className="grid w-full gap-1 sm:w-auto">
          <label htmlFor={`${id}-${key}`} className="text-muted-foreground text-xs font-medium">
            {CHOICES[key].label}
          </label>
          <Select value={value[key]} onValueChange={(next) => onChange({ ...value, [key]: next })}>
            <SelectTrigger id={`${id}-${key}`} size="sm" className="w-full sm:w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CHOICES[key].options.map(([option, text]) => (
                <SelectItem key={option} value={option}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      ))}
    </div>
  );
}
