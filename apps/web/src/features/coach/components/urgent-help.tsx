import { LifeBuoy } from 'lucide-react';
import { CrisisResources } from '@/components/crisis-resources';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Link } from '@/lib/app-navigation';
import { cn } from '@/lib/cn';

/**
 * "Need urgent help?" (issue 26): always beside the chat, whoever answers and
 * whatever state the conversation is in. Opens the crisis numbers and says
 * plainly that the coach is an AI, not an emergency service.
 */
export function UrgentHelp({ className }: { className?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="link" size="sm" className={cn('h-auto px-0 text-rose-900', className)}>
          <LifeBuoy aria-hidden="true" />
          Need urgent help?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>If you need urgent help</DialogTitle>
          <DialogDescription>
            Your coach is an AI, not an emergency service, and the team does not watch conversations around the clock.
            If you are in danger or might hurt yourself or someone else, contact one of these now.
          </DialogDescription>
        </DialogHeader>
        <CrisisResources titled={false} />
        <p className="text-muted-foreground text-sm">
          <Link to="/ai-coach" className="text-primary font-medium underline underline-offset-4">
            How the AI coach works
          </Link>
        </p>
      </DialogContent>
    </Dialog>
  );
}
