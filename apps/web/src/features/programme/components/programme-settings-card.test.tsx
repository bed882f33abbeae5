import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgrammeSettingsDto } from '@app/shared';
import { MemberContext } from '@/lib/member-api/member-api';
import { serverMemberApi } from '@/lib/member-api/server-member-api';
import { ProgrammeSettingsCard } from './programme-settings-card';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const DEFAULTS: ProgrammeSettingsDto = {
  time_zone: 'Europe/London',
  checkins_enabled: false,
  checkin_time: '09:00',
  checkin_days: [1, 2, 3, 4, 5],
  step_reminders_enabled: false,
  step_reminder_time: '12:30',
  summaries_enabled: false,
  summary_day: 7,
  summary_time: '18:00',
  quiet_start: '21:00',
  quiet_end: '08:00',
  paused: false,
  mail_nudges: true,
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The PUTs the card sent, and what the server answers to the next one. */
let puts: ProgrammeSettingsDto[];
let answerPut: (body: ProgrammeSettingsDto) => Response;

beforeEach(() => {
  // jsdom has no ResizeObserver; the switches measure themselves with one.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  puts = [];
  answerPut = (body) => json(body);
  // This device is in New York.
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: 'America/New_York' };
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

function renderCard(saved: ProgrammeSettingsDto) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      expect(String(input)).toBe('/api/me/programme');
      if (init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as ProgrammeSettingsDto;
        puts.push(body);
        return answerPut(body);
      }
      return json(saved);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemberContext.Provider value={{ userId: 'u1', demo: false, api: serverMemberApi }}>
        <ProgrammeSettingsCard />
      </MemberContext.Provider>
    </QueryClientProvider>,
  );
}

const zoneInput = () => screen.getByRole('combobox', { name: 'Your time zone' }) as HTMLInputElement;
const setTime = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('Check-ins and reminders on the profile', () => {
  it('suggests the device’s time zone before the first save, checks the form, and saves it all at once', async () => {
    renderCard(DEFAULTS);
    expect((await screen.findByRole('combobox', { name: 'Your time zone' })) as HTMLInputElement).toBeTruthy();
    expect(zoneInput().value).toBe('America/New_York');
    expect(screen.getByText(/Filled in from this device/)).toBeTruthy();
    const user = userEvent.setup();

    // Keyboard only: Tab from the time zone to the Check-ins switch, Space turns it on.
    zoneInput().focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('switch', { name: 'Check-ins' }));
    await user.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Check-ins' }).getAttribute('aria-checked')).toBe('true');

    // Every day unticked (Space on each), and a zone nobody has: two messages, focus on the first, nothing sent.
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      screen.getByRole('checkbox', { name: day }).focus();
      await user.keyboard(' ');
    }
    await user.clear(zoneInput());
    await user.type(zoneInput(), 'Mars/Olympus');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a time zone from the list, for example Europe/London.')).toBeTruthy();
    expect(screen.getByText('Choose at least one day for your check-ins.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(zoneInput()));
    expect(zoneInput().getAttribute('aria-invalid')).toBe('true');
    expect(puts).toEqual([]);

    // Put right, each message goes as soon as its field is.
    await user.clear(zoneInput());
    await user.type(zoneInput(), 'Europe/Paris');
    expect(screen.queryByText(/Choose a time zone from the list/)).toBeNull();
    screen.getByRole('checkbox', { name: 'Wednesday' }).focus();
    await user.keyboard(' ');
    expect(screen.queryByText('Choose at least one day for your check-ins.')).toBeNull();
    screen.getByRole('checkbox', { name: 'Saturday' }).focus();
    await user.keyboard(' ');
    setTime('Check-in time', '07:30');
    await user.click(screen.getByRole('switch', { name: 'Pause everything' }));
    await user.click(screen.getByRole('switch', { name: 'Pause everything' }));
    await user.click(screen.getByRole('switch', { name: 'Email me when something is waiting' }));
    setTime('From', '22:00');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([
      {
        ...DEFAULTS,
        time_zone: 'Europe/Paris',
        checkins_enabled: true,
        checkin_time: '07:30',
        checkin_days: [3, 6],
        quiet_start: '22:00',
        mail_nudges: false,
      },
    ]);
    expect(vi.mocked(toast.success).mock.calls[0]).toEqual([
      'Saved',
      { description: 'Your check-ins and reminders are set.' },
    ]);
    // Saved: the zone is the member's own now, no longer a suggestion.
    expect(screen.queryByText(/Filled in from this device/)).toBeNull();
  });

  it('keeps what the member chose when the save fails, and shows the server’s messages under their fields', async () => {
    renderCard({ ...DEFAULTS, checkins_enabled: true, time_zone: 'Asia/Tokyo' });
    // Already chosen: the saved zone stays, the device's is not suggested.
    await screen.findByRole('combobox', { name: 'Your time zone' });
    expect(zoneInput().value).toBe('Asia/Tokyo');
    const user = userEvent.setup();

    await user.click(screen.getByRole('switch', { name: 'Weekly summaries' }));
    setTime('Summary time', '19:15');
    answerPut = () => json({ error: 'Invalid settings', fieldErrors: { summary_time: ['Choose another time.'] } }, 400);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose another time.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Summary time')));
    expect(vi.mocked(toast.error).mock.calls.at(-1)?.[0]).toBe('Not saved');

    answerPut = () => json({ error: 'Something went wrong' }, 503);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(2));
    // Nothing the member chose was lost.
    expect(screen.getByRole('switch', { name: 'Weekly summaries' }).getAttribute('aria-checked')).toBe('true');
    expect((screen.getByLabelText('Summary time') as HTMLInputElement).value).toBe('19:15');
    expect(puts).toHaveLength(2);
    expect(puts[1]).toEqual({
      ...DEFAULTS,
      checkins_enabled: true,
      time_zone: 'Asia/Tokyo',
      summaries_enabled: true,
      summary_time: '19:15',
    });
    expect(toast.success).not.toHaveBeenCalled();
  });
});
