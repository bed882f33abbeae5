import { useEffect, useRef, useState } from 'react';
import { Pencil } from 'lucide-react';
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

/** One id, so a later success can take an earlier failure's toast away. */
const SAVE_ERROR_TOAST = 'tracker-feedback-error';

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

/** The answer in one line: the method, then the tools and visual features chosen. */
function summaryOf(feedback: TrackerFeedbackDto): string {
  const parts = [feedback.tracking, feedback.project_management_tools, feedback.visual_feature_preferences];
  return parts
    .map((part) => splitOptions(part).join(', '))
    .filter(Boolean)
    .join(' · ');
}

/**
 * Tracker feedback (docs/product.md#reflections-and-prompts): how the member would like to
 * track progress; one answer, editable. Once answered it folds to a one-line summary with
 * an Edit button, so the dashboard leads with what the member came for (decision 033).
 */
export function TrackerFeedbackCard() {
  const feedback = useTrackerFeedback();
  const save = useSaveTrackerFeedback();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const refocusEdit = useRef(false);
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

  const answered = !!feedback.data;
  const collapsed = answered && !editing;

  // Folding the form away removes what had focus: hand it to the Edit button.
  useEffect(() => {
    if (collapsed && refocusEdit.current) {
      refocusEdit.current = false;
      editButton.current?.focus();
    }
  }, [collapsed]);

  const fold = () => {
    refocusEdit.current = true;
    setEditing(false);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.dismiss(SAVE_ERROR_TOAST);
      toast.success('Feedback saved', { description: 'Thank you. Your answers help us shape how you track progress.' });
      fold();
    } catch (error) {
      // Field problems are said under their fields only; anything else once, as a toast.
      if (!showServerFieldErrors(error, form.setError, FIELDS))
        toast.error('Error', { id: SAVE_ERROR_TOAST, description: 'Failed to save your feedback. Please try again.' });
    }
  });

  if (collapsed && feedback.data) {
    return (
      <Card className="gap-3 py-4">
        <CardHeader className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 sm:px-6">
          <div className="grid min-w-0 flex-1 gap-1">
            <CardTitle className="text-base">Your progress tracker feedback</CardTitle>
            <CardDescription className="truncate" title={summaryOf(feedback.data)}>
              {summaryOf(feedback.data)}
            </CardDescription>
          </div>
          <Button ref={editButton} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> your tracker feedback</span>
          </Button>
        </CardHeader>
      </Card>
    );
  }

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
            <div className="flex flex-wrap gap-2">
              <Button type="submit" busy={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? 'Saving...' : feedback.data ? 'Update feedback' : 'Save feedback'}
              </Button>
              {answered && (
                <Button
                  type="button"
                  variant="ghost"
                  busy={form.formState.isSubmitting}
                  onClick={() => {
                    form.reset(toFormValues(feedback.data));
                    fold();
                  }}
                >
                  Cancel
                </Button>
              )}
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
