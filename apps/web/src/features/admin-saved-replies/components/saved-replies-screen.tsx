import { useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { SAVED_REPLIES_MAX, type SavedReplyDto } from '@app/shared';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, serverMessageOr } from '@/lib/api';
import { useCreateSavedReply, useDeleteSavedReply, useSavedReplies, useUpdateSavedReply } from '../api/saved-replies';
import { SavedReplyDialog } from './saved-reply-dialog';

/**
 * The team's saved replies (decision 062): add, edit and delete the snippets
 * coaches insert by typing `/` in a conversation.
 */
export function SavedRepliesScreen() {
  const library = useSavedReplies();
  const create = useCreateSavedReply();
  const update = useUpdateSavedReply();
  const remove = useDeleteSavedReply();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SavedReplyDto | null>(null);
  const [deleting, setDeleting] = useState<SavedReplyDto | null>(null);
  const replies = library.data ?? [];

  const save = async (values: { title: string; body: string }) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, changes: values });
      else await create.mutateAsync(values);
      toast.success('Success', { description: editing ? 'Saved reply updated.' : 'Saved reply added.' });
    } catch (error) {
      // A field's refusal is shown on the field by the dialog; anything else is said here.
      if (!(error instanceof ApiError && Object.keys(error.fieldErrors).length > 0)) {
        toast.error(editing ? 'Error updating saved reply' : 'Error adding saved reply', {
          description: serverMessageOr(error, 'Please try again.'),
        });
      }
      throw error;
    }
  };

  const confirmDelete = (reply: SavedReplyDto) =>
    remove.mutate(reply.id, {
      onSuccess: () => toast.success('Success', { description: `“${reply.title}” deleted.` }),
      onError: (error) =>
        toast.error('Error deleting saved reply', { description: serverMessageOr(error, 'Please try again.') }),
    });

  return (
    <>
      <AdminPageHeader
        title="Saved Replies"
        description="Replies the team uses often. In a conversation, type / in the message box to insert one."
      />
      <div className="grid gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted-foreground text-sm">
            {library.data ? `${replies.length} of at most ${SAVED_REPLIES_MAX}` : ''}
          </p>
          <Button
            onClick={() => {
              setEditing(null);
              setFormOpen(true);
            }}
          >
            <Plus aria-hidden="true" />
            Add saved reply
          </Button>
        </div>
        {library.isPending ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2">
            <Spinner /> Loading saved replies...
          </p>
        ) : library.isError ? (
          <div className="grid justify-items-start gap-3">
            <p className="text-muted-foreground">The saved replies could not be loaded.</p>
            <Button variant="outline" onClick={() => void library.refetch()}>
              Try again
            </Button>
          </div>
        ) : replies.length === 0 ? (
          <p className="text-muted-foreground rounded-xl border border-dashed p-8 text-center">No saved replies yet</p>
        ) : (
          <Card className="py-2">
            <CardContent className="px-4 sm:px-5">
              <ul className="divide-y" aria-label="Saved replies">
                {replies.map((reply) => (
                  <li
                    key={reply.id}
                    className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3"
                    data-testid="saved-reply"
                  >
                    <div className="grid min-w-0 flex-[1_1_16rem] gap-1">
                      <h2 className="font-semibold">{reply.title}</h2>
                      <p className="text-muted-foreground line-clamp-3 text-sm whitespace-pre-line">{reply.body}</p>
                    </div>
                    <div className="flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${reply.title}`}
                        onClick={() => {
                          setEditing(reply);
                          setFormOpen(true);
                        }}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${reply.title}`}
                        busy={remove.isPending && remove.variables === reply.id}
                        onClick={() => setDeleting(reply)}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </div>

      <SavedReplyDialog open={formOpen} onOpenChange={setFormOpen} reply={editing} onSave={save} />
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete “{deleting?.title}”?</AlertDialogTitle>
            <AlertDialogDescription>
              It is no longer offered in the message box. Messages already sent with it stay as they are.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction
              className={buttonVariants({ variant: 'destructive' })}
              onClick={() => deleting && confirmDelete(deleting)}
            >
              Delete
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
