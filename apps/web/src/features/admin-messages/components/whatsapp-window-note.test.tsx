import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhatsAppWindowNote } from './whatsapp-window-note';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the WhatsApp window note', () => {
  it('counts down as the minutes pass, and says when the window closed', () => {
    const start = Date.parse('2026-11-23T10:00:00.000Z');
    vi.useFakeTimers({ now: start, toFake: ['setInterval', 'clearInterval', 'Date'] });
    const closesAt = new Date(start + 30_000 + (60 + 2) * 60_000).toISOString();
    render(
      <WhatsAppWindowNote
        whatsapp={{
          contact: {
            contact_id: 'k1',
            phone: '447700900123',
            profile_name: 'Sam',
            linked_at: '2026-11-20T09:00:00.000Z',
          },
          window_closes_at: closesAt,
          reply_template: true,
        }}
        hasMember
      />,
    );
    // The shared clock ticks every half minute.
    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByText('WhatsApp window open: replies reach WhatsApp for another 1 h 2 min')).toBeTruthy();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('WhatsApp window open: replies reach WhatsApp for another 1 h 1 min')).toBeTruthy();
    act(() => vi.advanceTimersByTime(62 * 60_000));
    expect(
      screen.getByText(
        "WhatsApp window closed: your reply will appear in their web chat and we'll send a WhatsApp notification that a reply is waiting",
      ),
    ).toBeTruthy();
  });
});
