import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  FIRST_NAME_PLACEHOLDER,
  SAVED_REPLY_BODY_MAX_LENGTH,
  SAVED_REPLY_TITLE_MAX_LENGTH,
  savedReplyCreateSchema,
  type SavedReplyDto,
} from '@app/shared';
import { DialogFormActions } from '@/components/dialog-form-actions';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { zodResolver } from '@/lib/zod-resolver';

type Values = { title: string; body: string };

interface SavedReplyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The reply being edited; none for a new one. */
  reply: SavedReplyDto | null;
  /** Resolves when saved (the dialog closes); throws the server's refusal (shown on its field, or as a toast). */
  onSave: (values: Values) => Promise<void>;
}

/** Add or edit a saved reply: its title (what the `/` picker shows) and its text. */
export function SavedReplyDialog({ open, onOpenChange, reply, onSave }: SavedReplyDialogProps) {
  const form = useForm<Values>({ resolver: zodResolver(savedReplyCreateSchema) });
  const formRef = useFocusFirstInvalid(form);

  // Each opening starts from the reply being edited, or from blank.
  useEffect(() => {
    if (open) form.reset(reply ? { title: reply.title, body: reply.body } : { title: '', body: '' });
  }, [open, reply, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (error) {
      // The server's word on a field (a title taken) goes under that field; the screen says anything else.
      showServerFieldErrors<Values>(error, (field, message) => form.setError(field, message, { shouldFocus: true }), [
        'title',
        'body',
      ]);
    }
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{reply ? 'Edit saved reply' : 'Add saved reply'}</DialogTitle>
          <DialogDescription>
            Coaches insert it by typing / in a conversation. Write {FIRST_NAME_PLACEHOLDER} where the person&apos;s
            first name goes.
          </DialogDescription>
        </DialogHeader>
        <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
          <FormField label="Title" error={errors.title?.message} hint="Short, so it is quick to find: “Welcome”">
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                maxLength={SAVED_REPLY_TITLE_MAX_LENGTH}
                {...form.register('title')}
              />
            )}
          </FormField>
          <FormField
            label="Reply"
            error={errors.body?.message}
            hint={`For example: Hi ${FIRST_NAME_PLACEHOLDER}, thank you for telling me.`}
          >
            {(control) => (
              <Textarea
                {...control}
                rows={6}
                maxLength={SAVED_REPLY_BODY_MAX_LENGTH}
                className="max-h-80"
                {...form.register('body')}
              />
            )}
          </FormField>
          <DialogFormActions submitLabel={reply ? 'Save changes' : 'Add reply'} pending={isSubmitting} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
