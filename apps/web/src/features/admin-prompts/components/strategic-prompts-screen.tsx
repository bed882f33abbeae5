import { useEffect, useState } from 'react';
import { Plus } from 'lucide-react';
import { toast } from 'sonner';
import type { AdminStrategicPromptDto, FocusAreaDto } from '@app/shared';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api';
import { useAdminPrompts, useCreatePrompt, useDeletePrompt, useUpdatePrompt } from '../api/admin-prompts';
import { DeletePromptDialog } from './delete-prompt-dialog';
import { PromptCard } from './prompt-card';
import { PromptFormDialog, type PromptFormValues } from './prompt-form-dialog';

/** The prompt screen's toasts: success titled 'Success'; failures show the server's message. */
const succeeded = (description: string) => toast.success('Success', { description });
const failed = (title: string, error: unknown) =>
  toast.error(title, { description: serverMessageOr(error, 'Please try again.') });

/**
 * Strategic Prompts (docs/product.md#admin-back-office): list, add, edit, switch on and off, delete.
 * The focus areas the dialog offers come from the catalogue, passed in by the route.
 */
export function StrategicPromptsScreen({ focusAreas }: { focusAreas: readonly FocusAreaDto[] }) {
  const prompts = useAdminPrompts();
  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const remove = useDeletePrompt();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminStrategicPromptDto | null>(null);
  const [deleting, setDeleting] = useState<AdminStrategicPromptDto | null>(null);

  useEffect(() => {
    if (prompts.isError) {
      toast.error('Error loading prompts', { description: 'Failed to load strategic prompts. Please try again.' });
    }
  }, [prompts.isError]);

  const save = async ({ title, prompt_text, focus_area_id }: PromptFormValues): Promise<boolean> => {
    try {
      if (editing) {
        await update.mutateAsync({ id: editing.id, changes: { title, prompt_text, focus_area_id } });
        succeeded('Strategic prompt updated successfully.');
      } else {
        await create.mutateAsync({ title, prompt_text, focus_area_id });
        succeeded('Strategic prompt created successfully.');
      }
      return true;
    } catch (error) {
      failed(editing ? 'Error updating prompt' : 'Error creating prompt', error);
      return false;
    }
  };

  const toggle = (prompt: AdminStrategicPromptDto, active: boolean) =>
    update.mutate(
      { id: prompt.id, changes: { is_active: active } },
      {
        onSuccess: () => succeeded('Strategic prompt updated successfully.'),
        onError: (error) => failed('Error updating prompt', error),
      },
    );

  const confirmDelete = (prompt: AdminStrategicPromptDto) => {
    setDeleting(null);
    remove.mutate(prompt.id, {
      onSuccess: () => succeeded('Strategic prompt deleted successfully.'),
      onError: (error) => failed('Error deleting prompt', error),
    });
  };

  const list = prompts.data ?? [];
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminPageHeader
          title="Strategic Prompts"
          description="The prompts members reflect on, by focus area. Switch one off to stop offering it."
        />
        <Button
          className="-mt-4 mb-6 sm:mt-0 sm:mb-8"
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          Add Prompt
        </Button>
      </div>

      {prompts.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2">
          <Spinner /> Loading strategic prompts...
        </p>
      ) : prompts.isError ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-muted-foreground">Failed to load strategic prompts. Please try again.</p>
          <Button variant="outline" onClick={() => void prompts.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-muted-foreground rounded-xl border border-dashed p-8 text-center">
          No strategic prompts found
        </p>
      ) : (
        <ul className="grid gap-4" aria-label="Strategic prompts">
          {list.map((prompt) => (
            <li key={prompt.id}>
              <PromptCard
                prompt={prompt}
                busy={update.isPending && update.variables?.id === prompt.id}
                onToggle={(active) => toggle(prompt, active)}
                onEdit={() => {
                  setEditing(prompt);
                  setFormOpen(true);
                }}
                onDelete={() => setDeleting(prompt)}
              />
            </li>
          ))}
        </ul>
      )}

      <PromptFormDialog
        open={formOpen}
        onOpenChange={setFormOpen}
        prompt={editing}
        focusAreas={focusAreas}
        onSave={save}
      />
      <DeletePromptDialog prompt={deleting} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </>
  );
}
