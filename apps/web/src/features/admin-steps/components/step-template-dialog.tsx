import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  STEP_SIZE_LABELS,
  STEP_SIZES,
  stepTemplateFormSchema,
  type AdminStepTemplateDto,
  type FocusAreaDto,
  type StepTemplateFormValues,
} from '@app/shared';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { zodResolver } from '@/lib/zod-resolver';

interface StepTemplateDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The step being edited; none for a new one. */
  step: AdminStepTemplateDto | null;
  focusAreas: readonly FocusAreaDto[];
  /** The focus area a new step starts in. */
  defaultFocusAreaId: string | null;
  /** Resolves true when saved: the dialog then closes. */
  onSave: (values: StepTemplateFormValues) => Promise<boolean>;
}

/** Add or edit a library step: its focus area, "If …", "then I will …" and its size. */
export function StepTemplateDialog({
  open,
  onOpenChange,
  step,
  focusAreas,
  defaultFocusAreaId,
  onSave,
}: StepTemplateDialogProps) {
  const form = useForm<StepTemplateFormValues>({ resolver: zodResolver(stepTemplateFormSchema) });
  const formRef = useFocusFirstInvalid(form);

  // Each opening starts from the step being edited, or from blank.
  useEffect(() => {
    if (!open) return;
    form.reset(
      step
        ? { focus_area_id: step.focus_area_id, if_text: step.if_text, then_text: step.then_text, size: step.size }
        : { focus_area_id: defaultFocusAreaId ?? '', if_text: '', then_text: '', size: 3 },
    );
  }, [open, step, defaultFocusAreaId, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await onSave(values)) onOpenChange(false);
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{step ? 'Edit step' : 'Add step'}</DialogTitle>
          <DialogDescription>
            Members read it as “If …, then I will …”. Keep it small, concrete and kind.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Focus area" error={errors.focus_area_id?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="focus_area_id"
                render={({ field }) => (
                  <Select value={field.value || undefined} onValueChange={field.onChange}>
                    <SelectTrigger {...control} className="w-full" onBlur={field.onBlur}>
                      <SelectValue placeholder="Select a focus area" />
                    </SelectTrigger>
                    <SelectContent>
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
          <FormField label="If" error={errors.if_text?.message} hint="For example: I open my laptop">
            {(control) => <Input {...control} autoComplete="off" {...form.register('if_text')} />}
          </FormField>
          <FormField
            label="then I will"
            error={errors.then_text?.message}
            hint="For example: take three slow breaths first"
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('then_text')} />}
          </FormField>
          <FormField label="Size" error={errors.size?.message}>
            {(control) => (
              <Controller
                control={form.control}
                name="size"
                render={({ field }) => (
                  <Select value={String(field.value)} onValueChange={(value) => field.onChange(Number(value))}>
                    <SelectTrigger {...control} className="w-full" onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {[...STEP_SIZES].reverse().map((size) => (
                        <SelectItem key={size} value={String(size)}>
                          {STEP_SIZE_LABELS[size]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </FormField>
          <DialogFormActions submitLabel={step ? 'Update step' : 'Add step'} pending={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
