import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { zodResolver } from '@/lib/zod-resolver';
import { Pencil } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { profileUpdateSchema } from '@app/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

const nameSchema = profileUpdateSchema.pick({ full_name: true }).required();
type NameForm = { full_name: string };

interface FullNameFormProps {
  fullName: string | null;
  /** Resolves true when the name was saved. */
  onSave: (fullName: string) => Promise<boolean>;
}

/**
 * Shows the member's name with an Edit button that turns into a small form.
 * Escape or Cancel leaves the form unsaved; leaving it puts focus back on Edit
 * name, so a keyboard user keeps their place instead of landing on the page body.
 */
export function FullNameForm({ fullName, onSave }: FullNameFormProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Set when the form closes, so focus returns to Edit name once it is back on the page. */
  const returnFocus = useRef(false);
  const form = useForm<NameForm>({
    resolver: zodResolver(nameSchema),
    defaultValues: { full_name: fullName ?? '' },
  });
  const formRef = useFocusFirstInvalid(form);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  if (!editing) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium">Full name</p>
        <div className="flex items-center justify-between gap-3">
          <p className={fullName ? 'truncate' : 'text-muted-foreground'}>{fullName || 'Not set yet'}</p>
          <Button
            ref={editButton}
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
    if (await onSave(full_name)) close();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };

  return (
    <form ref={formRef} onSubmit={submit} onKeyDown={onKeyDown} noValidate className="grid gap-3">
      <FormField label="Full name" error={form.formState.errors.full_name?.message}>
        {(control) => <Input {...control} autoComplete="name" autoFocus {...form.register('full_name')} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Saving...' : 'Save name'}
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
