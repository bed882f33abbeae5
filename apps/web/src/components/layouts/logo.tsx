import { Link } from '@/lib/app-navigation';
import { cn } from '@/lib/cn';

/** The leaf mark, drawn inline so it needs no extra request. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="9" className="fill-primary" />
      <path d="M16 7c-3.5 4.2-5.5 7.6-5.5 10.6a5.5 5.5 0 0 0 11 0C21.5 14.6 19.5 11.2 16 7z" fill="#ccfbf1" />
      <path d="M16 25v-7" className="stroke-primary" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** Product name with its mark, linking home. `compact` shows only the mark on phones. */
export function Logo({ className, to = '/', compact = false }: { className?: string; to?: string; compact?: boolean }) {
  return (
    <Link
      to={to}
      className={cn(
        'focus-visible:ring-ring/50 inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight outline-none focus-visible:ring-[3px]',
        className,
      )}
    >
      <LogoMark />
      <span className={cn(compact && 'sr-only sm:not-sr-only')}>Calm Space</span>
    </Link>
  );
}
