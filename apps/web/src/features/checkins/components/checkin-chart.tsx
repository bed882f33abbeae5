import { CHECKIN_SCORE_MAX, type CheckinDto } from '@app/shared';
import { averageScore, checkinDays, dayLabel, scorePath, scorePoints, shortDate } from '@/lib/checkin-days';

interface CheckinChartProps {
  checkins: readonly CheckinDto[];
  days: number;
  today?: Date;
}

const GRID = [0, 5, CHECKIN_SCORE_MAX];

/**
 * The 30-day chart of how stressed the member has felt (0–10 per day; a day
 * with several check-ins shows their average). The drawing is for the eye;
 * the sentence under it and the table behind "Each day" say the same in words,
 * so nothing depends on seeing the line or its colour. Text is HTML, not SVG,
 * so it stays readable on a phone however the drawing is scaled.
 */
export function CheckinChart({ checkins, days, today = new Date() }: CheckinChartProps) {
  const byDay = checkinDays(checkins, days, today);
  const points = scorePoints(byDay, CHECKIN_SCORE_MAX);
  const last = checkins.at(-1);
  const average = averageScore(checkins);
  const answered = byDay.filter((d) => d.count > 0);

  return (
    <figure className="grid gap-3">
      <div className="flex gap-2">
        {/* The scale's labels, top to bottom, beside the drawing. */}
        <div
          aria-hidden="true"
          className="text-muted-foreground flex h-40 flex-col justify-between py-0.5 text-xs tabular-nums"
        >
          <span>{CHECKIN_SCORE_MAX}</span>
          <span>5</span>
          <span>0</span>
        </div>
        <div className="relative h-40 flex-1">
          <svg
            aria-hidden="true"
            data-testid="checkin-chart"
            className="absolute inset-0 size-full overflow-visible"
            viewBox={`-0.5 -0.5 ${days} ${CHECKIN_SCORE_MAX + 1}`}
            preserveAspectRatio="none"
          >
            {GRID.map((score) => (
              <line
                key={score}
                x1={-0.5}
                x2={days - 0.5}
                y1={CHECKIN_SCORE_MAX - score}
                y2={CHECKIN_SCORE_MAX - score}
                className="stroke-border"
                strokeWidth={1}
                strokeDasharray={score === 0 ? undefined : '4 4'}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            <path
              d={scorePath(points)}
              fill="none"
              className="stroke-primary"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
            {/* Dots as zero-length round-capped strokes: round on any width, as the drawing stretches. */}
            {points.map(({ x, y, day }) => (
              <path
                key={day.date}
                data-testid="checkin-point"
                data-date={day.date}
                data-score={day.score}
                d={`M${x} ${y} h0`}
                className="stroke-primary"
                strokeWidth={8}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            ))}
          </svg>
        </div>
      </div>
      <div aria-hidden="true" className="text-muted-foreground ml-6 flex justify-between text-xs">
        <span>{dayLabel(byDay[0]!.date)}</span>
        <span>Today</span>
      </div>
      <figcaption className="text-sm">
        {last && average !== null ? (
          <>
            Your last check-in was <strong>{last.score}</strong>, on {shortDate(new Date(last.created_at))}. Over the
            last {days} days you checked in {checkins.length === 1 ? 'once' : `${checkins.length} times`}, and your
            average was <strong>{average}</strong> out of {CHECKIN_SCORE_MAX}.
          </>
        ) : (
          <>No check-ins in the last {days} days.</>
        )}
      </figcaption>
      {answered.length > 0 && (
        <details className="text-sm">
          <summary className="text-primary w-fit cursor-pointer rounded-sm font-medium underline-offset-4 hover:underline">
            Each day, as a table
          </summary>
          {/* It scrolls past eight or so days: focusable, so the keyboard can scroll it too. */}
          <div
            tabIndex={0}
            role="region"
            aria-label="Each day"
            className="focus-visible:ring-ring/50 mt-2 max-h-64 overflow-y-auto rounded-md border outline-none focus-visible:ring-[3px]"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                How stressed you&apos;ve felt each day, newest first, from 0 (calm) to 10 (very stressed)
              </caption>
              <thead className="bg-muted/60">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    Day
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    Score
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                    Note
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...answered].reverse().map((day) => (
                  <tr key={day.date} className="border-t align-top">
                    <th scope="row" className="px-3 py-2 font-normal whitespace-nowrap">
                      {dayLabel(day.date)}
                    </th>
                    <td className="px-3 py-2 tabular-nums">
                      {day.score}
                      {day.count > 1 && <span className="text-muted-foreground"> (average of {day.count})</span>}
                    </td>
                    <td className="text-muted-foreground px-3 py-2 break-words">{day.notes.join(' · ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </figure>
  );
}
