import { format, parseISO } from 'date-fns';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DailyCountDto } from '@app/shared';

/**
 * Bars of one count per day over the 30-day window. Loaded lazily (recharts is
 * large). Hidden from assistive technology: the card states the total in text.
 */
export default function DailyChart({ days, label }: { days: DailyCountDto[]; label: string }) {
  const data = days.map((day) => ({ label: format(parseISO(day.date), 'd MMM'), count: day.count }));
  const reduceMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <div aria-hidden="true" className="h-40 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
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
