import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A line under the figure (a percentage, say). */
  detail?: ReactNode;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}

/** One headline figure of an admin screen: label, value, an optional detail line. */
export function StatCard({ label, value, detail, icon: Icon }: StatCardProps) {
  return (
    <Card className="gap-2 py-5">
      <CardContent className="grid gap-1 px-5">
        <div className="text-muted-foreground flex items-center justify-between gap-2 text-sm font-medium">
          <h2>{label}</h2>
          {Icon && <Icon aria-hidden="true" className="size-4" />}
        </div>
        <p className="text-2xl font-semibold tabular-nums">{value}</p>
        {detail && <p className="text-muted-foreground text-xs">{detail}</p>}
      </CardContent>
    </Card>
  );
}
