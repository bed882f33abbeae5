import { useId, useState, type FormEvent } from 'react';
import { Coins } from 'lucide-react';
import { toast } from 'sonner';
import { MAX_CREDIT_ADJUSTMENT } from '@app/shared';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiError } from '@/lib/api';
import type { useUserActions } from '../api/user-actions';

interface CreditsDialogProps {
  userId: string;
  userName: string;
  credits: number;
  actions: ReturnType<typeof useUserActions>;
}

/**
 * Adds or removes credits (docs/product.md#connecting-to-the-coach): the balance is
 * floored at 0 on the server, and 'Credits Added' shows only on an increase.
 */
export function CreditsDialog({ userId, userName, credits, actions }: CreditsDialogProps) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = (sign: 1 | -1) => (event?: FormEvent) => {
    event?.preventDefault();
    const value = Number(amount);
    if (!Number.isInteger(value) || value < 1 || value > MAX_CREDIT_ADJUSTMENT) {
      setError(`Enter a whole number from 1 to ${MAX_CREDIT_ADJUSTMENT.toLocaleString('en-GB')}`);
      return;
    }
    setError(null);
    actions.adjustCredits.mutate(
      { id: userId, delta: sign * value },
      {
        onSuccess: (result) => {
          if (result.credits > result.previous_credits) {
            toast.success('Credits Added', { description: `${userName} now has ${result.credits} credits` });
          } else {
            toast.success('Credits Removed', { description: `${userName} now has ${result.credits} credits` });
          }
          setOpen(false);
          setAmount('');
        },
        onError: (err) =>
          toast.error('Error', {
            description: err instanceof ApiError && err.status === 409 ? err.message : 'Failed to update credits',
          }),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-7 px-2 text-xs">
          <Coins aria-hidden="true" />
          Adjust<span className="sr-only"> credits of {userName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-sm">
        <DialogHeader>
          <DialogTitle>Adjust Credits</DialogTitle>
          <DialogDescription>
            {userName} has {credits} credits. Removing more than they have leaves 0.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit(1)} className="grid gap-2">
          <Label htmlFor={inputId}>Credits</Label>
          <Input
            id={inputId}
            inputMode="numeric"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} className="text-destructive text-sm">
              {error}
            </p>
          )}
          <DialogFooter className="mt-2">
            <Button variant="outline" onClick={submit(-1)} busy={actions.adjustCredits.isPending}>
              Remove Credits
            </Button>
            <Button type="submit" busy={actions.adjustCredits.isPending}>
              Add Credits
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
