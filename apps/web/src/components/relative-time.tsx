import { exactTime, relativeTime } from '@/lib/relative-time';
import { useMinuteTick } from '@/lib/realtime/use-minute-tick';

/**
 * A moment as every screen shows one ('5m ago', lib/relative-time.ts), kept current by the
 * shared minute tick, with the exact date and time as its tooltip and machine-readable value.
 */
export function RelativeTime({ value, className }: { value: string; className?: string }) {
  const now = useMinuteTick();
  return (
    <time dateTime={value} title={exactTime(value)} className={className}>
      {relativeTime(value, now)}
    </time>
  );
}
