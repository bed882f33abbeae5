import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface SectionHeadingProps {
  /** Id of the heading, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
}

/** A centred h2 with an optional eyebrow and lead sentence. */
export function SectionHeading({ id, eyebrow, title, children, className }: SectionHeadingProps) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow && <p className="text-primary mb-2 text-sm font-semibold tracking-wide uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-semibold text-balance sm:text-4xl">
        {title}
      </h2>
      {children && <p className="text-muted-foreground mt-3 text-lg leading-relaxed text-pretty">{children}</p>}
    </div>
  );
}
