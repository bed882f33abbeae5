import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CoachMode, CoachSettingsDto } from '@app/shared';
import { CoachSettingsScreen } from './coach-settings-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settings = (overrides: Partial<CoachSettingsDto> = {}): CoachSettingsDto => ({
  mode: 'automatic',
  model_configured: true,
  transcription_configured: false,
  external_automation: false,
  month_tokens_used: 250_000,
  month_token_budget: 1_000_000,
  updated_at: '2026-11-23T10:00:00.000Z',
  updated_by_name: 'Sam Coach',
  ...overrides,
});

/** GET and PUT /api/admin/coach/settings, as the server answers them; every PUT body is kept. */
function serveSettings(initial: CoachSettingsDto) {
  let current = initial;
  const puts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      expect(new URL(String(input), 'http://localhost').pathname).toBe('/api/admin/coach/settings');
      if (init.method === 'PUT') {
        const body = JSON.parse(init.body as string) as { mode: CoachMode };
        puts.push(body);
        current = { ...current, mode: body.mode, updated_by_name: 'You Admin' };
      }
      return new Response(JSON.stringify(current), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return puts;
}

/** The mode the screen marks as saved ("(current)"), and it is the one checked. */
function currentMode(): string | undefined {
  const marked = screen
    .getAllByRole('radio')
    .filter((radio) => radio.closest('label')?.textContent?.includes('(current)'));
  expect(marked).toHaveLength(1);
  expect(marked[0]).toHaveProperty('checked', true);
  return (marked[0] as HTMLInputElement).value;
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CoachSettingsScreen />
    </QueryClientProvider>,
  );
}

describe('the AI coach settings (decision 057)', () => {
  it('shows the mode as a radio group, what the server runs on, the month’s use and who changed it last', async () => {
    serveSettings(settings());
    renderScreen();
    const group = await screen.findByRole('group', { name: 'Who answers members' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).value)).toEqual(['off', 'drafts', 'automatic']);
    expect(within(group).getByRole('radio', { name: /Automatic/ })).toHaveProperty('checked', true);
    expect(within(group).getByRole('radio', { name: /Off/ }).getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/screening and the crisis net still run/i)).toBeTruthy();
    expect(screen.getByText('Configured')).toBeTruthy();
    expect(screen.getByText('Not transcribed: voice notes go to a person')).toBeTruthy();
    expect(screen.getByText('Not connected')).toBeTruthy();
    expect(screen.getByText('250,000 of 1,000,000 tokens (25%)')).toBeTruthy();
    expect(screen.getByText(/Last changed by Sam Coach/)).toBeTruthy();
  });

  it('says the scripted coach answers when no language model is configured', async () => {
    serveSettings(settings({ model_configured: false, updated_at: null, updated_by_name: null }));
    renderScreen();
    expect(await screen.findByText('Scripted coach (no language model configured)')).toBeTruthy();
    expect(screen.getByText(/Never changed here/)).toBeTruthy();
  });

  it('saves a chosen mode with PUT {mode}, only when it changed', async () => {
    const puts = serveSettings(settings());
    renderScreen();
    const group = await screen.findByRole('group', { name: 'Who answers members' });
    await userEvent.click(screen.getByRole('button', { name: 'Save mode' }));
    expect(puts).toEqual([]);
    await userEvent.click(within(group).getByRole('radio', { name: /Drafts/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save mode' }));
    await waitFor(() => expect(puts).toEqual([{ mode: 'drafts' }]));
    await waitFor(() => expect(currentMode()).toBe('drafts'));
  });

  it('turns the AI off everywhere only once confirmed', async () => {
    const puts = serveSettings(settings());
    renderScreen();
    const killSwitch = await screen.findByRole('button', { name: 'Turn the AI off everywhere' });

    await userEvent.click(killSwitch);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Keep it on' }));
    expect(puts).toEqual([]);

    await userEvent.click(killSwitch);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Turn it off' }));
    await waitFor(() => expect(puts).toEqual([{ mode: 'off' }]));
    expect(await screen.findByText(/The AI is off everywhere/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn the AI off everywhere' })).toBeNull();
    expect(currentMode()).toBe('off');
  });
});
