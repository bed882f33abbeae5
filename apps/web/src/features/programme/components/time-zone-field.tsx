import { useId } from 'react';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface TimeZoneFieldProps {
  value: string;
  onChange(zone: string): void;
  zones: readonly string[];
  error?: string;
  /** The zone was filled in from this device, not saved by the member yet. */
  suggested: boolean;
}

/**
 * The member's time zone: type to search the IANA list ("lon" finds
 * Europe/London), pick with the arrow keys and Enter. A native list, so
 * every browser and screen reader already knows how to use it.
 */
export function TimeZoneField({ value, onChange, zones, error, suggested }: TimeZoneFieldProps) {
  const listId = useId();
  return (
    <FormField
      label="Your time zone"
      error={error}
      hint={
        suggested
          ? 'Filled in from this device. Every time below is in this zone.'
          : 'Every time below is in this zone.'
      }
    >
      {(control) => (
        <>
          <Input
            {...control}
            list={listId}
            value={value}
            onChange={(event) => onChange(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            placeholder="Search, for example London"
            className="max-w-sm"
          />
          <datalist id={listId}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </>
      )}
    </FormField>
  );
}
