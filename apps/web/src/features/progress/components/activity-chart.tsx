import { format, parseISO } from 'date-fns';
import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActivityDayDto } from '@app/shared';

/**
 * Bars of daily activity over the 30-day window. Loaded lazily: recharts is
 * large and the dashboard's first paint should not wait for it. The chart is
 * decorative for assistive technology; the panel gives the same facts in text.
 */
export default function ActivityChart({ activity }: { activity: ActivityDayDto[] }) {
  const data = activity.map((day) => ({
    label: format(parseISO(day.date), 'd MMM'),
    total: day.reflections + day.messages,
  }));
  const reduceMotion = typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  return (
    <div aria-hidden="true" className="h-32 w-full">
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
            formatter={(value) => [value, 'Activities']}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
          />
          <Bar dataKey="total" fill="var(--primary)" radius={[3, 3, 0, 0]} isAnimationActive={!reduceMotion} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
