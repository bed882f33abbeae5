import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface FeatureCardProps {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}

/** An icon, an h3 and a short paragraph, used in the grids of the marketing pages. */
export function FeatureCard({ icon: Icon, title, children }: FeatureCardProps) {
  return (
    <div className="bg-card shadow-soft lift h-full rounded-2xl p-6">
      <span className="bg-accent text-primary inline-flex size-12 items-center justify-center rounded-2xl">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <p className="text-muted-foreground mt-2 leading-relaxed">{children}</p>
    </div>
  );
}
