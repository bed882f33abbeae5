import { PartyPopper, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';

interface ClaimedStepProps {
  name: string;
  email: string;
  /** Opens sign-up with the name and address filled in. */
  onSignUp: () => void;
  onClose: () => void;
}

/**
 * After a successful claim: the one step left, account creation, offered on
 * the spot with what the visitor already typed (decision 033), instead of a
 * toast that disappears after four seconds.
 */
export function ClaimedStep({ name, email, onSignUp, onClose }: ClaimedStepProps) {
  return (
    <div className="grid gap-5">
      <div role="status" className="bg-secondary/60 flex gap-3 rounded-md p-4 text-sm leading-relaxed">
        <PartyPopper aria-hidden="true" className="text-primary mt-0.5 size-5 shrink-0" />
        <p>
          Your 30 days are saved for <strong className="break-all">{email}</strong>, {name}. Create your account with
          this address to start them: we have filled in your name and email, so all that is left is a password. Your 30
          days of full coaching run from the day you join.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button type="button" variant="outline" size="lg" onClick={onClose}>
          Not now
        </Button>
        {/* The form the focus was in is gone: the focus moves to the next thing to do as this appears. */}
        <Button autoFocus type="button" size="lg" className="sm:flex-1" onClick={onSignUp}>
          <UserPlus aria-hidden="true" />
          Create my account
        </Button>
      </div>
    </div>
  );
}
