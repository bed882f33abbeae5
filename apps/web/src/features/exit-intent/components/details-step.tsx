import { Button } from '@/components/ui/button';
import { EmailField } from '@/components/ui/email-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { DetailsForm, DetailsValues } from '../lib/exit-survey-forms';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

interface DetailsStepProps {
  form: DetailsForm;
  onSubmit: (values: DetailsValues) => Promise<void>;
  onBack: () => void;
}

/** Step 2: where to send the trial (docs/product.md#exit-intent-offer). Everything is disabled while it is sent. */
export function DetailsStep({ form, onSubmit, onBack }: DetailsStepProps) {
  const { errors, isSubmitting } = form.formState;
  const formRef = useFocusFirstInvalid(form);
  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5">
      <FormField label="Name" error={errors.name?.message}>
        {/* Focused as the step appears (React focuses it in the same commit), not by an effect a moment
            later, which could take the focus from a field a fast typist had already moved to. */}
        {(control) => (
          <Input {...control} autoComplete="name" autoFocus readOnly={isSubmitting} {...form.register('name')} />
        )}
      </FormField>
      <EmailField registration={form.register('email')} error={errors.email?.message} readOnly={isSubmitting} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" size="lg" busy={isSubmitting} onClick={onBack}>
          Back
        </Button>
        <Button type="submit" size="lg" busy={isSubmitting} className="sm:flex-1">
          {isSubmitting ? 'Claiming Your Trial...' : 'Claim Your Free Trial'}
        </Button>
      </div>
    </form>
  );
}
