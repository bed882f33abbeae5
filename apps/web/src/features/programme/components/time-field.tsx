import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

interface TimeFieldProps {
  label: string;
  value: string;
  onChange(time: string): void;
  error?: string;
  hint?: string;
}

/** A wall-clock time, "HH:MM", with the browser's own time picker. */
export function TimeField({ label, value, onChange, error, hint }: TimeFieldProps) {
  return (
    <FormField label={label} error={error} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="time"
          step={60}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="w-36"
        />
      )}
    </FormField>
  );
}
