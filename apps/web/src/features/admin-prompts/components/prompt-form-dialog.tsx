import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  strategicPromptFormSchema,
  type AdminStrategicPromptDto,
  type FocusAreaDto,
  type StrategicPromptFormValues,
} from '@app/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { zodResolver } from '@/lib/zod-resolver';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';

/** Radix Select has no empty value: this one stands for "no focus area" (the field is optional). */
const NO_FOCUS_AREA = 'none';

export type PromptFormValues = StrategicPromptFormValues;

const EMPTY: PromptFormValues = { title: '', prompt_text: '', focus_area_id: null };

interface PromptFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The prompt being edited; none for a new one. */
  prompt: AdminStrategicPromptDto | null;
  focusAreas: readonly FocusAreaDto[];
  /** Resolves true when saved: the dialog then closes and its form resets. */
  onSave: (values: PromptFormValues) => Promise<boolean>;
}

/** Add or edit a strategic prompt (docs/product.md#admin-back-office): Title, Focus Area, Prompt Text in 6 rows. */
export function PromptFormDialog({ open, onOpenChange, prompt, focusAreas, onSave }: PromptFormDialogProps) {
  const editing = prompt !== null;
  const form = useForm<PromptFormValues>({
    resolver: zodResolver(strategicPromptFormSchema),
    defaultValues: EMPTY,
  });
  const formRef = useFocusFirstInvalid(form);

  // Each opening starts from the prompt being edited, or from blank.
  useEffect(() => {
    if (open) {
      form.reset(
        prompt ? { title: prompt.title, prompt_text: prompt.prompt_text, focus_area_id: prompt.focus_area_id } : EMPTY,
      );
    }
  }, [open, prompt, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) {
      form.reset(EMPTY);
      onOpenChange(false);
    }
  });
  const { errors, isSubmitting } = form.formState;
  // A prompt's focus area may have been switched off since; keep it choosable so editing does not drop it.
  const areaMissing = prompt?.focus_area_id && !focusAreas.some((a) => a.id === prompt.focus_area_id);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Strategic Prompt' : 'Add Strategic Prompt'}</DialogTitle>
          <DialogDescription>Members with the prompt’s focus area are offered it on their dashboard.</DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Title" error={errors.title?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
          </FormField>
          <FormField label="Focus Area" error={errors.focus_area_id?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="focus_area_id"
                render={({ field }) => (
                  <Select
                    value={field.value ?? NO_FOCUS_AREA}
                    onValueChange={(value) => field.onChange(value === NO_FOCUS_AREA ? null : value)}
                  >
                    <SelectTrigger {...control} className="w-full" onBlur={field.onBlur}>
                      <SelectValue placeholder="Select a focus area" />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NO_FOCUS_AREA}>No focus area</SelectItem>
                      {areaMissing && prompt.focus_area_id && (
                        <SelectItem value={prompt.focus_area_id}>
                          {prompt.focus_area_label ?? 'Current area'}
                        </SelectItem>
                      )}
                      {focusAreas.map((area) => (
                        <SelectItem key={area.id} value={area.id}>
                          {area.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <FormField label="Prompt Text" error={errors.prompt_text?.message}>
            {(control) => <Textarea {...control} rows={6} {...form.register('prompt_text')} />}
          </FormField>
          <DialogFormActions submitLabel={editing ? 'Update Prompt' : 'Create Prompt'} pending={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
