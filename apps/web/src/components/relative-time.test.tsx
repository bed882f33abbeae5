import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exactTime } from '@/lib/relative-time';
import { RelativeTime } from './relative-time';

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2027-03-01T09:00:00.000Z'), toFake: ['Date', 'setInterval', 'clearInterval'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RelativeTime', () => {
  it('shows the age in the one style, with the exact moment as its tooltip and value', () => {
    const sent = new Date(Date.now() - 5 * MINUTE).toISOString();
    render(<RelativeTime value={sent} />);
    const time = screen.getByText('5m ago');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(sent);
    expect(time.getAttribute('title')).toBe(exactTime(sent));
    expect(time.getAttribute('title')).toMatch(/Mar 2027, \d\d:55$/);
  });

  it('reads the clock afresh when the device’s clock was set back while no time was shown', () => {
    const { unmount } = render(<RelativeTime value={new Date(Date.now() - 5 * MINUTE).toISOString()} />);
    unmount();
    vi.setSystemTime(new Date('2027-02-01T09:00:00.000Z'));
    render(<RelativeTime value={new Date(Date.now() - 5 * MINUTE).toISOString()} />);
    screen.getByText('5m ago');
  });

  it('moves on while it stays on screen', () => {
    render(<RelativeTime value={new Date(Date.now() - 30_000).toISOString()} />);
    screen.getByText('just now');
    act(() => vi.advanceTimersByTime(2 * MINUTE));
    screen.getByText('2m ago');
  });
});
