import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DailyBarChart } from './daily-bar-chart';

afterEach(cleanup);

/** Thirty days from 1 November 2026, each with the count `countOf(i)`. */
const month = (countOf: (i: number) => number) =>
  Array.from({ length: 30 }, (_, i) => ({ date: `2026-11-${String(i + 1).padStart(2, '0')}`, count: countOf(i) }));

const heights = () => screen.getAllByTestId('daily-bar').map((bar) => bar.style.height);

describe('DailyBarChart', () => {
  it('draws a bar a day, the busiest day full height and the others in proportion', () => {
    render(
      <DailyBarChart
        days={month((i) => (i === 3 ? 4 : i === 4 ? 1 : 0))}
        unit={['visit', 'visits']}
        className="h-32"
      />,
    );
    expect(heights()).toHaveLength(30);
    expect(heights()[3]).toBe('100%');
    expect(heights()[4]).toBe('25%');
    expect(heights()[0]).toBe('0%');
  });

  it('draws no bar for a month without activity, rather than dividing by nothing', () => {
    render(<DailyBarChart days={month(() => 0)} unit={['visit', 'visits']} className="h-32" />);
    expect(new Set(heights())).toEqual(new Set(['0%']));
  });

  it('writes every seventh date under the bars, and each day with its count for the pointer', () => {
    render(<DailyBarChart days={month((i) => (i === 7 ? 1 : 2))} unit={['visit', 'visits']} className="h-32" />);
    for (const date of ['1 Nov', '8 Nov', '15 Nov', '22 Nov', '29 Nov'])
      expect(screen.getAllByText(date)).toHaveLength(1);
    expect(screen.queryByText('2 Nov')).toBeNull();
    expect(screen.getByText('8 Nov · 1 visit')).toBeTruthy();
    expect(screen.getByText('9 Nov · 2 visits')).toBeTruthy();
  });

  it('is hidden from assistive technology: the screen says the same in words', () => {
    render(<DailyBarChart days={month(() => 1)} unit={['visit', 'visits']} className="h-32" />);
    expect(screen.getByTestId('daily-bar-chart').getAttribute('aria-hidden')).toBe('true');
  });
});
