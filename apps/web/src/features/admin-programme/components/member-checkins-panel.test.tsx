import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminMemberCheckinsDto, CheckinDto, ProgrammeSettingsDto } from '@app/shared';
import { checkinScheduleInWords, daysInWords, otherMessagesInWords } from '../lib/schedule-in-words';
import { MemberCheckinsPanel } from './member-checkins-panel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETTINGS: ProgrammeSettingsDto = {
  time_zone: 'Europe/London',
  checkins_enabled: true,
  checkin_time: '09:00',
  checkin_days: [1, 2, 3, 4, 5],
  step_reminders_enabled: false,
  step_reminder_time: '12:30',
  summaries_enabled: true,
  summary_day: 7,
  summary_time: '18:00',
  quiet_start: '21:00',
  quiet_end: '08:00',
  paused: false,
  mail_nudges: true,
};
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const checkin = (days: number, score: number, note: string | null = null): CheckinDto => ({
  id: `c${days}`,
  delivery_id: `d${days}`,
  score,
  note,
  created_at: daysAgo(days),
});

function renderPanel(answer: AdminMemberCheckinsDto) {
  const fetchMock = vi.fn(
    async (_input: RequestInfo | URL) =>
      new Response(JSON.stringify(answer), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemberCheckinsPanel memberId="member/1" />
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('A member’s check-ins, for their coach', () => {
  it('shows the 30-day trend, the last answer and its date, the average and the schedule in words', async () => {
    const fetchMock = renderPanel({
      checkins: [checkin(9, 3), checkin(4, 5), checkin(1, 7, 'Presentation tomorrow')],
      settings: SETTINGS,
    });
    const panel = await screen.findByRole('group', { name: 'Check-ins' });
    await within(panel).findByText('Last');
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/members/member%2F1/checkins?days=30');
    expect(within(panel).getByTestId('checkin-sparkline').querySelectorAll('path[d$="h0"]')).toHaveLength(3);
    const terms = within(panel)
      .getAllByRole('term')
      .map((t) => t.textContent);
    const details = within(panel)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(terms).toEqual(['Last', 'Average']);
    expect(details[0]).toMatch(/^7 \/ 10, \w{3} \d{1,2} \w{3}$/);
    expect(details[1]).toBe('5 over 3 check-ins in 30 days');
    expect(within(panel).getByText('Last note: “Presentation tomorrow”')).toBeTruthy();
    expect(panel.textContent).toContain('Schedule: Weekdays at 09:00, Europe/London');
    expect(within(panel).getByText('Summary on Sunday at 18:00')).toBeTruthy();
  });

  it('says plainly when the member has not opted in and has no check-ins', async () => {
    renderPanel({ checkins: [], settings: null });
    const panel = await screen.findByRole('group', { name: 'Check-ins' });
    expect(await within(panel).findByText('No check-ins in the last 30 days.')).toBeTruthy();
    expect(panel.textContent).toContain('Schedule: Not opted in');
    expect(within(panel).queryByTestId('checkin-sparkline')).toBeNull();
  });
});

describe('the schedule in words', () => {
  it('names the usual sets of days and lists the others', () => {
    expect(daysInWords([1, 2, 3, 4, 5, 6, 7])).toBe('Every day');
    expect(daysInWords([6, 7])).toBe('Weekends');
    expect(daysInWords([5, 1, 3])).toBe('Mondays, Wednesdays and Fridays');
    expect(daysInWords([2])).toBe('Tuesdays');
  });

  it('says paused, off and the other messages', () => {
    expect(checkinScheduleInWords({ ...SETTINGS, paused: true })).toBe('Paused (weekdays at 09:00, Europe/London)');
    expect(checkinScheduleInWords({ ...SETTINGS, checkins_enabled: false })).toBe('Not opted in');
    expect(
      otherMessagesInWords({ ...SETTINGS, step_reminders_enabled: true, summaries_enabled: true, summary_day: 5 }),
    ).toBe('Step reminders at 12:30; summary on Friday at 18:00');
    expect(otherMessagesInWords({ ...SETTINGS, summaries_enabled: false })).toBeNull();
  });
});
