import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedSummaryText, type WeeklySummaryDto, type WeeklySummaryNumbers } from '@app/shared';
import { MemberContext } from '@/lib/member-api/member-api';
import { serverMemberApi } from '@/lib/member-api/server-member-api';
// The feature's public surface, as the dashboard and the admin screens compose it.
import { AdminLastSummary, WeeklySummaryCard } from '@/features/summaries';
import { SummaryInChat } from './summary-in-chat';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const busy: WeeklySummaryNumbers = {
  checkins: 5,
  average_score: 5,
  score_change: -2,
  steps_done: 1,
  steps_not_done: 1,
  reflections_written: 2,
  win: { kind: 'step_done', then_text: 'go for a walk at lunchtime' },
  pattern: { kind: 'easing' },
  next_step: 'stand up and stretch before my next call',
};
const quiet: WeeklySummaryNumbers = {
  checkins: 0,
  average_score: null,
  score_change: null,
  steps_done: 0,
  steps_not_done: 0,
  reflections_written: 0,
  win: null,
  pattern: null,
  next_step: null,
};
const summary = (id: string, weekStart: string, weekEnd: string, numbers: WeeklySummaryNumbers): WeeklySummaryDto => ({
  id,
  week_start: weekStart,
  week_end: weekEnd,
  numbers,
  text: scriptedSummaryText(numbers),
  created_at: `${weekEnd}T18:00:00.000Z`,
});
const latest = summary('s3', '2026-11-16', '2026-11-22', busy);
const earlier = [
  summary('s2', '2026-11-09', '2026-11-15', quiet),
  summary('s1', '2026-10-26', '2026-11-01', { ...busy, win: { kind: 'reflections', count: 2 } }),
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Renders against the server's routes, answered here as the server answers them. */
function renderWith(ui: ReactNode, routes: Record<string, () => Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    // The longest path first: /api/me/summaries/s3 before /api/me/summaries.
    const route = Object.keys(routes)
      .sort((a, b) => b.length - a.length)
      .find((path) => url === path || url.startsWith(`${path}/`) || url.startsWith(`${path}?`));
    return route ? routes[route]!() : json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemberContext.Provider value={{ userId: 'u1', demo: false, api: serverMemberApi }}>{ui}</MemberContext.Provider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

const figures = (container: HTMLElement) =>
  within(container)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('Your week', () => {
  it('shows the latest week’s numbers and words, and the earlier weeks behind a disclosure', async () => {
    renderWith(<WeeklySummaryCard />, { '/api/me/summaries': () => json({ summaries: [latest, ...earlier] }) });
    const card = await screen.findByRole('region', { name: 'Your week' });
    expect(await within(card).findByText('16 – 22 November 2026')).toBeTruthy();
    expect(figures(card)).toEqual([
      'Check-ins: 5',
      'Average stress: 5 of 10',
      'Against the week before: 2 lower',
      'Steps done: 1',
      'Steps not done: 1',
      'Reflections: 2',
    ]);
    expect(within(card).getByText(/^One win: you followed through on “go for a walk at lunchtime”\.$/)).toBeTruthy();

    // Keyboard only: the list, then one week in it.
    const user = userEvent.setup();
    const toggle = within(card).getByRole('button', { name: 'Earlier weeks (2)' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(card).queryByRole('button', { name: /^Week of/ })).toBeNull();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    const weeks = within(list).getAllByRole('button');
    expect(weeks.map((week) => week.textContent)).toEqual([
      'Week of 9 – 15 November 2026',
      'Week of 26 October – 1 November 2026',
    ]);
    const quietWeek = within(list).getByText(/^A quiet week is fine\./);
    expect(quietWeek.closest('[hidden]')).not.toBeNull();
    weeks[0]!.focus();
    await user.keyboard(' ');
    expect(weeks[0]!.getAttribute('aria-expanded')).toBe('true');
    expect(quietWeek.closest('[hidden]')).toBeNull();
    const panel = document.getElementById(weeks[0]!.getAttribute('aria-controls')!)!;
    expect(figures(panel)).toEqual([
      'Check-ins: 0',
      'Average stress: None yet',
      'Steps done: 0',
      'Steps not done: 0',
      'Reflections: 0',
    ]);
  });

  it('says kindly when no week has been summarised yet', async () => {
    renderWith(<WeeklySummaryCard />, { '/api/me/summaries': () => json({ summaries: [] }) });
    expect(await screen.findByText(/Your first summary arrives at the end of your first week/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Earlier weeks/ })).toBeNull();
  });
});

describe('a summary in the chat', () => {
  it('shows the week’s numbers compactly and links to Your week', async () => {
    const fetchMock = renderWith(<SummaryInChat summaryId="s3" />, { '/api/me/summaries/s3': () => json(latest) });
    const card = await screen.findByRole('region', { name: 'Your week in numbers, 16 – 22 November 2026' });
    expect(figures(card)).toContain('Check-ins: 5');
    expect(figures(card)).toContain('Reflections: 2');
    const link = within(card).getByRole('link', { name: 'See your week and earlier weeks' });
    expect(link.getAttribute('href')).toBe('#your-week');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/me/summaries/s3');
  });

  it('brings a summary that arrived while the dashboard was open into Your week', async () => {
    let kept = earlier;
    function Dashboard() {
      const [arrived, setArrived] = useState(false);
      return (
        <>
          <WeeklySummaryCard />
          <button type="button" onClick={() => setArrived(true)}>
            A message arrives
          </button>
          {arrived && <SummaryInChat summaryId="s3" />}
        </>
      );
    }
    const fetchMock = renderWith(<Dashboard />, {
      '/api/me/summaries': () => json({ summaries: kept }),
      '/api/me/summaries/s3': () => json(latest),
    });
    const card = await screen.findByRole('region', { name: 'Your week' });
    expect(await within(card).findByText('9 – 15 November 2026')).toBeTruthy();
    // The scheduler writes this week's summary; its message arrives in the chat.
    kept = [latest, ...earlier];
    await userEvent.setup().click(screen.getByRole('button', { name: 'A message arrives' }));
    expect(await within(card).findByText('16 – 22 November 2026')).toBeTruthy();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/me/summaries',
      '/api/me/summaries/s3',
      '/api/me/summaries',
    ]);
  });

  it('leaves the message’s words on their own when the summary cannot be read', async () => {
    const fetchMock = renderWith(<SummaryInChat summaryId="gone" />, {});
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByLabelText('Loading your week’s numbers')).toBeNull());
    expect(screen.queryByRole('region')).toBeNull();
  });
});

describe('the admin’s last summary', () => {
  it('shows a member’s latest week, or that there is none yet', async () => {
    const fetchMock = renderWith(<AdminLastSummary memberId="member-1" />, {
      '/api/admin/members/member-1/summaries': () => json({ summaries: [latest] }),
    });
    const section = await screen.findByRole('region', { name: /Last summary/ });
    expect(await within(section).findByText(/week of 16 – 22 November 2026/)).toBeTruthy();
    expect(figures(section)).toContain('Against the week before: 2 lower');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/members/member-1/summaries?limit=1');
    cleanup();

    renderWith(<AdminLastSummary memberId="member-2" />, {
      '/api/admin/members/member-2/summaries': () => json({ summaries: [] }),
    });
    expect(await screen.findByText('No weekly summary yet.')).toBeTruthy();
  });
});
