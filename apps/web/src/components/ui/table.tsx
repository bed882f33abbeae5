import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A data table that scrolls sideways inside its own box on narrow screens.
 * Give a wide table a `regionLabel`: its box then becomes a labelled region
 * that takes keyboard focus, so it can be scrolled without a mouse (WCAG 2.1.1).
 */
export function Table({ className, regionLabel, ...props }: ComponentProps<'table'> & { regionLabel?: string }) {
  return (
    <div
      data-slot="table-container"
      className="focus-visible:ring-ring/50 relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px]"
      {...(regionLabel && { role: 'region', 'aria-label': regionLabel, tabIndex: 0 })}
    >
      <table data-slot="table" className={cn('w-full caption-bottom text-sm', className)} {...props} />
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />;
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody data-slot="table-body" className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn('hover:bg-muted/50 data-[state=selected]:bg-muted border-b transition-colors', className)}
      {...props}
    />
  );
}

export function TableHead({ className, ...props }: ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      className={cn(
        'text-muted-foreground h-10 px-2 text-left align-middle font-medium whitespace-nowrap [&:has([role=checkbox])]:pr-0',
        className,
      )}
      {...props}
    />
  );
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return (
    <td data-slot="table-cell" className={cn('p-2 align-middle [&:has([role=checkbox])]:pr-0', className)} {...props} />
  );
}
