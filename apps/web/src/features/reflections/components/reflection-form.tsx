import { zodResolver } from '@/lib/zod-resolver';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MAX_REFLECTION_LENGTH, reflectionCreateSchema, type StrategicPromptDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useCreateReflection } from '../api/create-reflection';
import { Textarea } from '@/components/ui/textarea';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { useUnsavedBeforeLeaving } from '@/lib/unsaved-before-leaving';

const formSchema = reflectionCreateSchema.pick({ reflection_text: true });
type ReflectionForm = { reflection_text: string };

/** Write and save a reflection, linked to today's prompt when there is one. */
export function ReflectionForm({ prompt, onSaved }: { prompt: StrategicPromptDto | null; onSaved?: () => unknown }) {
  const create = useCreateReflection(onSaved);
  const form = useForm<ReflectionForm>({ resolver: zodResolver(formSchema), defaultValues: { reflection_text: '' } });
  const formRef = useFocusFirstInvalid(form);
  // While the save is on its way, leaving the page asks first (the request itself outlives the page).
  useUnsavedBeforeLeaving(form.formState.isSubmitting);

  const submit = form.handleSubmit(async ({ reflection_text }) => {
    try {
      await create.mutateAsync({ text: reflection_text, prompt });
      form.reset({ reflection_text: '' });
      toast.success('Reflection saved', { description: 'Well done for taking a moment for yourself.' });
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, ['reflection_text']))
        toast.error('Error', { description: 'Failed to save your reflection. Please try again.' });
    }
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-3">
      <FormField
        label="Your reflection"
        error={form.formState.errors.reflection_text?.message}
        hint={`Up to ${MAX_REFLECTION_LENGTH.toLocaleString('en-GB')} characters. Only you and your coach can read it.`}
      >
        {(control) => (
          <Textarea {...control} rows={4} placeholder="What comes up for you?" {...form.register('reflection_text')} />
        )}
      </FormField>
      <Button type="submit" className="w-fit" busy={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Saving...' : 'Save reflection'}
      </Button>
    </form>
  );
}
