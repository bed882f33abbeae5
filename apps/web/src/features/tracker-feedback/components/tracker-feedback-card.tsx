import { useEffect } from 'react';
import { zodResolver } from '@/lib/zod-resolver';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import {
  MAX_TRACKER_THOUGHTS_LENGTH,
  splitOptions,
  TOOL_OPTIONS,
  TRACKING_OPTIONS,
  trackerFeedbackSchema,
  VISUAL_FEATURE_OPTIONS,
  type TrackerFeedbackDto,
  type TrackerFeedbackInput,
} from '@app/shared';
import { ChoiceGroup } from '@/components/choice-group';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useSaveTrackerFeedback, useTrackerFeedback } from '../api/tracker-feedback';
import { Textarea } from '@/components/ui/textarea';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

type FormValues = {
  tracking: string;
  project_management_tools: string[];
  visual_feature_preferences: string[];
  additional_thoughts: string;
};

const FIELDS = ['tracking', 'project_management_tools', 'visual_feature_preferences', 'additional_thoughts'] as const;

/** Stored lists as form values; a choice no longer offered is left out, since it can't be sent again. */
function toFormValues(feedback: TrackerFeedbackDto | null | undefined): FormValues {
  const known = (stored: string, options: readonly string[]) => splitOptions(stored).filter((v) => options.includes(v));
  return {
    tracking: feedback && (TRACKING_OPTIONS as readonly string[]).includes(feedback.tracking) ? feedback.tracking : '',
    project_management_tools: known(feedback?.project_management_tools ?? '', TOOL_OPTIONS),
    visual_feature_preferences: known(feedback?.visual_feature_preferences ?? '', VISUAL_FEATURE_OPTIONS),
    additional_thoughts: feedback?.additional_thoughts ?? '',
  };
}

/** Tracker feedback (docs/product.md#reflections-and-prompts): how the member would like to track progress; one answer, editable. */
export function TrackerFeedbackCard() {
  const feedback = useTrackerFeedback();
  const save = useSaveTrackerFeedback();
  const form = useForm<FormValues, unknown, TrackerFeedbackInput>({
    // The form holds '' before a tracking choice is made; the schema turns that into its message.
    resolver: zodResolver(trackerFeedbackSchema) as unknown as Resolver<FormValues, unknown, TrackerFeedbackInput>,
    defaultValues: toFormValues(null),
  });
  const formRef = useFocusFirstInvalid(form);
  const { errors } = form.formState;

  useEffect(() => {
    if (feedback.data !== undefined) form.reset(toFormValues(feedback.data));
  }, [feedback.data, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Feedback saved', { description: 'Thank you. Your answers help us shape how you track progress.' });
    } catch (error) {
      if (!showServerFieldErrors(error, form.setError, FIELDS))
        toast.error('Error', { description: 'Failed to save your feedback. Please try again.' });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Help us shape your progress tracker</CardTitle>
        <CardDescription>
          {feedback.data
            ? 'Thanks for your answers. You can change them whenever you like.'
            : 'Two minutes, a few clicks: tell us how you like to see your progress.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {feedback.isPending ? (
          <Skeleton className="h-64" aria-hidden="true" />
        ) : (
          <form ref={formRef} onSubmit={submit} noValidate className="grid gap-6">
            <ChoiceGroup
              question="How would you most like to track your progress?"
              hint="Choose one."
              options={TRACKING_OPTIONS}
              registration={form.register('tracking')}
              error={errors.tracking?.message}
              layout="grid"
            />
            <ChoiceGroup
              question="Which tools do you already use?"
              hint="Choose any that apply."
              type="checkbox"
              options={TOOL_OPTIONS}
              registration={form.register('project_management_tools')}
              error={errors.project_management_tools?.message}
              layout="grid"
            />
            <ChoiceGroup
              question="Which visual features would help you most?"
              hint="Choose any that apply."
              type="checkbox"
              options={VISUAL_FEATURE_OPTIONS}
              registration={form.register('visual_feature_preferences')}
              error={errors.visual_feature_preferences?.message}
              layout="grid"
            />
            <FormField
              label="Anything else on your mind? (optional)"
              error={errors.additional_thoughts?.message}
              hint={`Up to ${MAX_TRACKER_THOUGHTS_LENGTH.toLocaleString('en-GB')} characters.`}
            >
              {(control) => <Textarea {...control} rows={3} {...form.register('additional_thoughts')} />}
            </FormField>
            <Button type="submit" className="w-fit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Saving...' : feedback.data ? 'Update feedback' : 'Save feedback'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
