import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** A whole-screen waiting state, announced politely to screen readers. */
export function PageStatus({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <p role="status" aria-live="polite" className="text-muted-foreground flex items-center gap-3 text-base">
        <Spinner className="text-primary size-5" />
        {children}
      </p>
    </div>
  );
}
