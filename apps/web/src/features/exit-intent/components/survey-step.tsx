import { MAX_EXIT_REASON_LENGTH } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { ChoiceGroup } from '@/components/choice-group';
import type { SurveyForm, SurveyValues } from '../lib/exit-survey-forms';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

const WILLINGNESS_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'maybe', label: 'Maybe' },
  { value: 'no', label: 'No' },
] as const;

const CHAT_OPTIONS = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

interface SurveyStepProps {
  form: SurveyForm;
  onContinue: (values: SurveyValues) => void;
}

/** Step 1: two quick choices and an optional reason (docs/product.md#exit-intent-offer). */
export function SurveyStep({ form, onContinue }: SurveyStepProps) {
  const { errors } = form.formState;
  const formRef = useFocusFirstInvalid(form);
  const reasonLength = (form.watch('reason') ?? '').length;
  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit(onContinue)} className="grid gap-5">
      <ChoiceGroup
        question="Would you pay for instant calm when work stress hits?"
        options={WILLINGNESS_OPTIONS}
        registration={form.register('willingness_to_pay')}
        error={errors.willingness_to_pay?.message}
      />
      <ChoiceGroup
        question="Would you like your coaching in a messaging-app chat?"
        options={CHAT_OPTIONS}
        registration={form.register('chat_preference')}
        error={errors.chat_preference?.message}
      />
      <FormField
        label="Anything holding you back? (optional)"
        error={errors.reason?.message}
        hint={`${reasonLength}/${MAX_EXIT_REASON_LENGTH} characters`}
      >
        {(control) => <Textarea {...control} rows={3} className="min-h-20" {...form.register('reason')} />}
      </FormField>
      <Button type="submit" size="lg" className="w-full">
        Continue
      </Button>
    </form>
  );
}
