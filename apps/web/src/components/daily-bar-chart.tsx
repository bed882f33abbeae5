import { format, parseISO } from 'date-fns';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { cn } from '@/lib/cn';

/**
 * Bars of one count per day (dates yyyy-MM-dd, oldest first), labelled every
 * seventh day. Import it lazily: recharts is large and no first paint should
 * wait for it. Hidden from assistive technology, so the screen using it must
 * state the same facts in text.
 */
export default function DailyBarChart({
  days,
  label,
  className,
}: {
  days: { date: string; count: number }[];
  /** What a bar counts, shown in its tooltip. */
  label: string;
  /** The chart's height, as a Tailwind class. */
  className: string;
}) {
  const data = days.map((day) => ({ label: format(parseISO(day.date), 'd MMM'), count: day.count }));
  const reduceMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <div aria-hidden="true" className={cn('w-full', className)}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 4, right: 12, bottom: 0, left: 12 }}>
          <XAxis
            dataKey="label"
            tickLine={false}
            axisLine={false}
            interval={6}
            fontSize={11}
            stroke="var(--muted-foreground)"
          />
          <YAxis hide allowDecimals={false} />
          <Tooltip
            cursor={{ fill: 'var(--muted)' }}
            formatter={(value) => [value, label]}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Bar dataKey="count" fill="var(--primary)" radius={[3, 3, 0, 0]} isAnimationActive={!reduceMotion} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
