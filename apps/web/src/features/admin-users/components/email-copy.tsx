import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';

async function copyEmail(email: string) {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
    await navigator.clipboard.writeText(email);
    toast.success('Email copied!', { description: 'Email address copied to clipboard' });
  } catch {
    toast.error('Copy failed', { description: 'Unable to copy email. Please try again.' });
  }
}

/** The member's email with its copy control and the toasts of docs/product.md#admin-back-office. */
export function EmailCopy({ email }: { email: string }) {
  return (
    <div className="flex min-w-0 items-center gap-1">
      <span className="text-muted-foreground truncate text-sm">{email}</span>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        onClick={() => void copyEmail(email)}
        aria-label={`Copy email ${email}`}
      >
        <Copy aria-hidden="true" className="size-3.5" />
      </Button>
    </div>
  );
}
