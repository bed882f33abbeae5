import { useEffect } from 'react';
import { zodResolver } from '@/lib/zod-resolver';
import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
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
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useSaveTrackerFeedback, useTrackerFeedback } from '../api/tracker-feedback';
import { Textarea } from '@/components/ui/textarea';

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

function Choice({
  type,
  label,
  registration,
}: {
  type: 'radio' | 'checkbox';
  label: string;
  registration: UseFormRegisterReturn;
}) {
  return (
    <label className="hover:bg-muted/60 has-checked:border-primary has-checked:bg-secondary/70 flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm">
      <input type={type} value={label} className="accent-primary size-4 shrink-0" {...registration} />
      {label}
    </label>
  );
}

function Group({
  legend,
  hint,
  error,
  children,
}: {
  legend: string;
  hint: string;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="grid gap-2" aria-invalid={Boolean(error) || undefined}>
      <legend className="mb-2 text-sm font-medium">
        {legend} <span className="text-muted-foreground text-xs font-normal">{hint}</span>
      </legend>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
      {error && <p className="text-destructive text-sm">{error}</p>}
    </fieldset>
  );
}

/** Tracker feedback (FOUNDING-DESIGN §4): how the member would like to track progress; one answer, editable. */
export function TrackerFeedbackCard() {
  const feedback = useTrackerFeedback();
  const save = useSaveTrackerFeedback();
  const form = useForm<FormValues, unknown, TrackerFeedbackInput>({
    // The form holds '' before a tracking choice is made; the schema turns that into its message.
    resolver: zodResolver(trackerFeedbackSchema) as unknown as Resolver<FormValues, unknown, TrackerFeedbackInput>,
    defaultValues: toFormValues(null),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (feedback.data !== undefined) form.reset(toFormValues(feedback.data));
  }, [feedback.data, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Feedback saved', { description: 'Thank you. Your answers help us shape how you track progress.' });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const known = FIELDS.filter((field) => fieldErrors[field]?.[0]);
      for (const field of known) form.setError(field, { message: fieldErrors[field]![0] });
      if (!known.length) toast.error('Error', { description: 'Failed to save your feedback. Please try again.' });
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
          <form onSubmit={submit} noValidate className="grid gap-6">
            <Group
              legend="How would you most like to track your progress?"
              hint="Choose one."
              error={errors.tracking?.message}
            >
              {TRACKING_OPTIONS.map((option) => (
                <Choice key={option} type="radio" label={option} registration={form.register('tracking')} />
              ))}
            </Group>
            <Group
              legend="Which tools do you already use?"
              hint="Choose any that apply."
              error={errors.project_management_tools?.message}
            >
              {TOOL_OPTIONS.map((option) => (
                <Choice
                  key={option}
                  type="checkbox"
                  label={option}
                  registration={form.register('project_management_tools')}
                />
              ))}
            </Group>
            <Group
              legend="Which visual features would help you most?"
              hint="Choose any that apply."
              error={errors.visual_feature_preferences?.message}
            >
              {VISUAL_FEATURE_OPTIONS.map((option) => (
                <Choice
                  key={option}
                  type="checkbox"
                  label={option}
                  registration={form.register('visual_feature_preferences')}
                />
              ))}
            </Group>
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
