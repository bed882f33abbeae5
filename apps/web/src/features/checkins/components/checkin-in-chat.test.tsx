import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CheckinDto, CheckinInput, MemberCheckinsDto } from '@app/shared';
import { MemberContext } from '@/lib/member-api/member-api';
import { serverMemberApi } from '@/lib/member-api/server-member-api';
import { CheckinCard } from './checkin-card';
import { CheckinInChat } from './checkin-in-chat';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(toast.info).mockClear();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

/**
 * The server's two check-in routes, kept as the server would: GET answers the
 * list and the waiting check-in; POST records an answer once (409 after).
 */
function serve(start: MemberCheckinsDto) {
  let state = start;
  const posts: CheckinInput[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        expect(String(input)).toBe('/api/me/checkins');
        const body = JSON.parse(String(init.body)) as CheckinInput;
        posts.push(body);
        if (state.checkins.some((c) => c.delivery_id && c.delivery_id === body.delivery_id)) {
          return json({ error: 'This check-in has an answer already.' }, 409);
        }
        const checkin: CheckinDto = {
          id: `c${posts.length}`,
          delivery_id: body.delivery_id ?? null,
          score: body.score,
          note: body.note ?? null,
          created_at: new Date().toISOString(),
        };
        state = { checkins: [...state.checkins, checkin], open: null };
        return json({ checkin }, 201);
      }
      expect(String(input)).toBe('/api/me/checkins?days=30');
      return json(state);
    }),
  );
  return {
    posts,
    /** Someone answered elsewhere (on WhatsApp) meanwhile. */
    answerElsewhere: (checkin: CheckinDto) => (state = { checkins: [...state.checkins, checkin], open: null }),
  };
}

function renderWithChart(deliveryId: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemberContext.Provider value={{ userId: 'u1', demo: false, api: serverMemberApi }}>
        <section aria-label="Chat">
          <CheckinInChat deliveryId={deliveryId} />
        </section>
        <CheckinCard />
      </MemberContext.Provider>
    </QueryClientProvider>,
  );
  return { chat: within(screen.getByRole('region', { name: 'Chat' })) };
}

describe('A check-in in the chat', () => {
  it('answers 7 with a note: the POST carries them, the chat says so and the dashboard chart shows it', async () => {
    const server = serve({ checkins: [], open: { delivery_id: 'd1', asked_at: hoursAgo(1) } });
    const { chat } = renderWithChart('d1');
    const user = userEvent.setup();

    // Before the first check-in the dashboard invites one.
    expect(await screen.findByText(/No check-ins yet/)).toBeTruthy();
    const scale = await chat.findByRole('group', { name: 'How stressed are you right now?' });
    expect(
      within(scale)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels![0]!.textContent),
    ).toEqual(['0 — calm', ...['1', '2', '3', '4', '5', '6', '7', '8', '9'], '10 — very stressed']);

    // Send without a number: a message, focus on the scale, nothing sent.
    await user.click(chat.getByRole('button', { name: 'Send' }));
    expect(chat.getByText('Choose a number from 0 to 10 first.')).toBeTruthy();
    expect(document.activeElement).toBe(chat.getByRole('radio', { name: '0 — calm' }));
    expect(server.posts).toEqual([]);

    await user.click(chat.getByRole('radio', { name: '7' }));
    expect(chat.queryByText('Choose a number from 0 to 10 first.')).toBeNull();
    await user.type(chat.getByRole('textbox', { name: 'Add a note (optional)' }), '  Long day, lots of meetings ');
    await user.keyboard('{Enter}');

    expect(await chat.findByText('You answered 7')).toBeTruthy();
    expect(server.posts).toEqual([{ score: 7, note: 'Long day, lots of meetings', delivery_id: 'd1' }]);
    expect(chat.getByText('“Long day, lots of meetings”')).toBeTruthy();
    expect(chat.getByText('Answered')).toBeTruthy();
    // The answer holds keyboard focus in place of the form it replaced.
    expect(document.activeElement?.textContent).toContain('You answered 7');

    // The chart shares the query: one point, today, 7, and the words that say so.
    await waitFor(() => expect(screen.getAllByTestId('checkin-point')).toHaveLength(1));
    expect(screen.getByTestId('checkin-point').getAttribute('data-score')).toBe('7');
    expect(screen.getByText(/Your last check-in was/).textContent).toMatch(
      /^Your last check-in was 7, on .+\. Over the last 30 days you checked in once, and your average was 7 out of 10\.$/,
    );
    const table = screen.getByRole('table', { name: /How stressed you've felt each day/ });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([expect.stringMatching(/^\w{3} \d{1,2} \w{3}7Long day, lots of meetings$/)]);
  });

  it('shows a check-in answered on WhatsApp as answered, and says so kindly when a second answer is refused', async () => {
    const answered: CheckinDto = { id: 'c0', delivery_id: 'd0', score: 4, note: null, created_at: hoursAgo(20) };
    serve({ checkins: [answered], open: null });
    const { chat } = renderWithChart('d0');
    expect(await chat.findByText('You answered 4')).toBeTruthy();
    expect(chat.getByText('Answered')).toBeTruthy();
    expect(chat.queryByRole('radio')).toBeNull();
    cleanup();

    // Still open on this screen, but answered on WhatsApp a moment ago: the server refuses, the list read again shows it.
    const server = serve({ checkins: [], open: { delivery_id: 'd2', asked_at: hoursAgo(2) } });
    const { chat: again } = renderWithChart('d2');
    await again.findByRole('radio', { name: '3' });
    server.answerElsewhere({ id: 'w1', delivery_id: 'd2', score: 3, note: 'On the train', created_at: hoursAgo(0) });
    const user = userEvent.setup();
    await user.click(again.getByRole('radio', { name: '5' }));
    await user.click(again.getByRole('button', { name: 'Send' }));
    expect(await again.findByText('You answered 3')).toBeTruthy();
    expect(again.getByText('“On the train”')).toBeTruthy();
    expect(toast.info).toHaveBeenCalledWith('Already answered', {
      description: 'This check-in has an answer already.',
    });
  });

  it('says a check-in that is no longer waiting has passed', async () => {
    serve({ checkins: [], open: { delivery_id: 'newer', asked_at: hoursAgo(1) } });
    const { chat } = renderWithChart('older');
    expect(await chat.findByText(/This check-in has passed/)).toBeTruthy();
    expect(chat.queryByRole('radio')).toBeNull();
  });
});
