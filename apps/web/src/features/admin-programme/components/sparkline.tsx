import { CHECKIN_SCORE_MAX } from '@app/shared';
import { scorePath, scorePoints, type CheckinDay } from '@/lib/checkin-days';

/**
 * A small line of the days' scores, 0 at the bottom and 10 at the top. For the
 * eye only: the panel says the same in words beside it.
 */
export function Sparkline({ days }: { days: readonly CheckinDay[] }) {
  const points = scorePoints(days, CHECKIN_SCORE_MAX);
  return (
    <svg
      aria-hidden="true"
      data-testid="checkin-sparkline"
      className="bg-muted/50 h-10 w-28 shrink-0 overflow-visible rounded-md"
      viewBox={`-0.5 -0.5 ${days.length} ${CHECKIN_SCORE_MAX + 1}`}
      preserveAspectRatio="none"
    >
      <path
        d={scorePath(points)}
        fill="none"
        className="stroke-primary"
        strokeWidth={1.5}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      {points.map(({ x, y, day }) => (
        <path
          key={day.date}
          d={`M${x} ${y} h0`}
          className="stroke-primary"
          strokeWidth={4}
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </svg>
  );
}
