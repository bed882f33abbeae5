import type { ReactNode } from 'react';
import { Illustration, type IllustrationName } from '@/components/illustrations/illustration';

/**
 * What a list shows before it has anything in it: a small drawing and the
 * list's own kind sentence, side by side (docs/design.md#empty-states).
 */
export function EmptyState({ art, children }: { art: IllustrationName; children: ReactNode }) {
  return (
    <div className="bg-panel-sand/60 flex items-center gap-4 rounded-2xl p-4">
      <Illustration name={art} className="w-24 shrink-0 sm:w-28" />
      <p className="text-muted-foreground text-sm leading-relaxed">{children}</p>
    </div>
  );
}
