import { useState } from 'react';
import { Power } from 'lucide-react';
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

interface KillSwitchProps {
  /** The AI is already off everywhere. */
  off: boolean;
  busy: boolean;
  onTurnOff(): void;
}

/**
 * The kill switch (issue 26, item 8): one press, confirmed, sets the mode to
 * off, which stops every AI reply at once, answers in flight included (the
 * server checks the mode again before each send). Screening and the crisis net
 * keep running.
 */
export function KillSwitch({ off, busy, onTurnOff }: KillSwitchProps) {
  const [confirming, setConfirming] = useState(false);
  if (off) {
    return (
      <p className="text-sm" role="status">
        The AI is off everywhere. Members are answered by the team; screening and the crisis help still run.
      </p>
    );
  }
  return (
    <>
      <Button variant="destructive" className="justify-self-start" busy={busy} onClick={() => setConfirming(true)}>
        <Power aria-hidden="true" />
        Turn the AI off everywhere
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Turn the AI off everywhere?</AlertDialogTitle>
            <AlertDialogDescription>
              The AI coach stops answering every member at once, including answers it is writing now. Screening and the
              crisis help keep running, and the team answers in the inbox. You can turn it back on here.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it on</AlertDialogCancel>
            <AlertDialogAction className={buttonVariants({ variant: 'destructive' })} onClick={onTurnOff}>
              Turn it off
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
