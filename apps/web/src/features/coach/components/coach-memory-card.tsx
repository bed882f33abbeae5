import { useState } from 'react';
import { BookOpen } from 'lucide-react';
import { toast } from 'sonner';
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessageOr } from '@/lib/api-request';
import { useCoachMemory, useForgetCoachMemory } from '../api/member-coach';

/**
 * "What your coach remembers" on the profile (issue 26, the member sees and
 * deletes what the coach remembers): the rolling summary of the conversation,
 * the coach's notes, what else it reads each time, and "Forget all of this".
 */
export function CoachMemoryCard() {
  const memory = useCoachMemory();
  const forget = useForgetCoachMemory();
  const [confirming, setConfirming] = useState(false);
  const remembered = memory.data && (memory.data.summary !== null || memory.data.notes.length > 0);

  const confirmForget = () => {
    forget.mutate(undefined, {
      onSuccess: () => toast.success('Forgotten', { description: 'Your coach no longer remembers any of this.' }),
      onError: (error) =>
        toast.error('Error', {
          description: serverMessageOr(error, 'Could not forget it just now. Please try again.'),
        }),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BookOpen aria-hidden="true" className="text-primary size-5" />
          What your coach remembers
        </CardTitle>
        <CardDescription>
          Your AI coach keeps a short summary of your conversation and a few notes, so you don&apos;t have to repeat
          yourself. You can read them here and delete them at any time.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {memory.isPending ? (
          <Skeleton className="h-24 w-full" aria-label="Loading what your coach remembers" />
        ) : memory.isError ? (
          <p className="text-muted-foreground text-sm">
            What your coach remembers isn&apos;t available just now. Please refresh the page to try again.
          </p>
        ) : (
          <>
            <section aria-labelledby="coach-memory-summary" className="grid gap-1">
              <h3 id="coach-memory-summary" className="text-sm font-medium">
                Summary
              </h3>
              <p className="text-muted-foreground text-sm whitespace-pre-wrap">
                {memory.data.summary ?? 'Nothing yet.'}
              </p>
            </section>
            <section aria-labelledby="coach-memory-notes" className="grid gap-1">
              <h3 id="coach-memory-notes" className="text-sm font-medium">
                Notes
              </h3>
              {memory.data.notes.length > 0 ? (
                <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
                  {memory.data.notes.map((note) => (
                    <li key={note.id}>{note.text}</li>
                  ))}
                </ul>
              ) : (
                <p className="text-muted-foreground text-sm">No notes.</p>
              )}
            </section>
            <section aria-labelledby="coach-memory-reads" className="grid gap-1">
              <h3 id="coach-memory-reads" className="text-sm font-medium">
                It also reads, each time it answers
              </h3>
              <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
                {memory.data.also_reads.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p className="text-muted-foreground text-sm">
                These stay where they are: change them in your profile and reflections.
              </p>
            </section>
            <div>
              <Button
                variant="outline"
                busy={forget.isPending}
                aria-disabled={!remembered || undefined}
                onClick={() => remembered && setConfirming(true)}
                className="w-full sm:w-fit"
              >
                Forget all of this
              </Button>
            </div>
            <AlertDialog open={confirming} onOpenChange={setConfirming}>
              <AlertDialogContent>
                <AlertDialogHeader>
                  <AlertDialogTitle>Forget all of this?</AlertDialogTitle>
                  <AlertDialogDescription>
                    Your coach&apos;s summary and notes are deleted for good. Your messages stay in your conversation,
                    and the coach starts a new summary from them as you keep talking.
                  </AlertDialogDescription>
                </AlertDialogHeader>
                <AlertDialogFooter>
                  <AlertDialogCancel>Keep it</AlertDialogCancel>
                  <AlertDialogAction className={buttonVariants({ variant: 'destructive' })} onClick={confirmForget}>
                    Forget all of this
                  </AlertDialogAction>
                </AlertDialogFooter>
              </AlertDialogContent>
            </AlertDialog>
          </>
        )}
      </CardContent>
    </Card>
  );
}
