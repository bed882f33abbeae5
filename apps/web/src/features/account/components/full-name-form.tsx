import { useState } from 'react';
import { zodResolver } from '@/lib/zod-resolver';
import { Pencil } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { profileUpdateSchema } from '@app/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

const nameSchema = profileUpdateSchema.pick({ full_name: true }).required();
type NameForm = { full_name: string };

interface FullNameFormProps {
  fullName: string | null;
  /** Resolves true when the name was saved. */
  onSave: (fullName: string) => Promise<boolean>;
}

/** Shows the member's name with an Edit button that turns into a small form. */
export function FullNameForm({ fullName, onSave }: FullNameFormProps) {
  const [editing, setEditing] = useState(false);
  const form = useForm<NameForm>({
    resolver: zodResolver(nameSchema),
    defaultValues: { full_name: fullName ?? '' },
  });

  if (!editing) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium">Full name</p>
        <div className="flex items-center justify-between gap-3">
          <p className={fullName ? 'truncate' : 'text-muted-foreground'}>{fullName || 'Not set yet'}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              form.reset({ full_name: fullName ?? '' });
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" />
            Edit name
          </Button>
        </div>
      </div>
    );
  }

  const submit = form.handleSubmit(async ({ full_name }) => {
    if (await onSave(full_name)) setEditing(false);
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <FormField label="Full name" error={form.formState.errors.full_name?.message}>
        {(control) => <Input {...control} autoComplete="name" autoFocus {...form.register('full_name')} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : 'Save name'}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
