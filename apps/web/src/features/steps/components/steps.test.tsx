import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STEP_NOT_DONE_LINE, stepSentence, type MemberStepsDto, type StepDto } from '@app/shared';
import { MemberContext } from '@/lib/member-api/member-api';
import { serverMemberApi } from '@/lib/member-api/server-member-api';
import { StepCard } from './step-card';
import { StepInChat } from './step-in-chat';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const step = (id: string, size: StepDto['size'], if_text: string, then_text: string): StepDto => ({
  id,
  if_text,
  then_text,
  size,
  status: 'offered',
  source: 'library',
  focus_area_label: 'Burnout Recovery',
  offered_at: '2026-11-27T09:00:00.000Z',
  resolved_at: null,
});
const REGULAR = step('s1', 3, 'I finish my last meeting', 'close my work apps for the evening');
const SMALLER = step('s2', 2, 'I finish a task', 'stand up and stretch for one minute');

/**
 * The member's side of /api/me/steps, answered here as the server does: a
 * first step on start, accept, and a smaller step after "not done".
 */
function stepsServer() {
  const state: MemberStepsDto = { current: null, history: [] };
  const posts: string[] = [];
  const reads = { count: 0, firstEmpty: false };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (init?.method === 'POST') posts.push(path);
    if (path === '/api/me/steps' && init?.method === 'POST') {
      state.current = { ...REGULAR };
      return json({ step: state.current, created: true }, 201);
    }
    if (path === '/api/me/steps') {
      // As if the list was read just before a step was posted in the chat.
      if (reads.count++ === 0 && reads.firstEmpty) return json({ current: null, history: [] });
      return json(state);
    }
    const action = /^\/api\/me\/steps\/(\w+)\/(accept|swap|done|not-done)$/.exec(path);
    if (action && state.current?.id === action[1]) {
      const current = state.current!;
      if (action[2] === 'accept') {
        state.current = { ...current, status: 'accepted' };
        return json({ step: state.current, next: null, message: 'Lovely, it is yours.' });
      }
      if (action[2] === 'not-done') {
        const missed = { ...current, status: 'not_done' as const, resolved_at: '2026-11-27T18:00:00.000Z' };
        state.history.unshift(missed);
        state.current = { ...SMALLER };
        return json({ step: missed, next: state.current, message: 'That is completely fine.' });
      }
    }
    if (action) return json({ error: 'This step is no longer open' }, 409);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, posts, reads };
}

/** The card and the steps in the chat, together, as on the dashboard. */
function renderDashboard(chatStepIds: () => string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = () => (
    <QueryClientProvider client={client}>
      <MemberContext.Provider value={{ userId: 'u1', demo: false, api: serverMemberApi }}>
        <StepCard />
        <section aria-label="Chat">
          {chatStepIds().map((id) => (
            <article key={id} aria-label={`Step message ${id}`}>
              <StepInChat stepId={id} />
            </article>
          ))}
        </section>
      </MemberContext.Provider>
    </QueryClientProvider>
  );
  const view = render(tree());
  return { rerender: () => view.rerender(tree()) };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = () => screen.getByText('Your next step').closest('[data-slot="card"]') as HTMLElement;
const inChat = (id: string) => screen.getByRole('article', { name: `Step message ${id}` });

describe('the step card and the steps in the chat', () => {
  it('starts a first step, accepts it from the chat, and after "not done" shows a smaller one kindly, in both places', async () => {
    const server = stepsServer();
    const user = userEvent.setup();
    let chat: string[] = [];
    const view = renderDashboard(() => chat);

    await user.click(await screen.findByRole('button', { name: 'Get my first step' }));
    expect(await within(card()).findByText(stepSentence(REGULAR))).toBeTruthy();
    expect(server.posts).toEqual(['/api/me/steps']);

    // The step's message arrives in the chat with its buttons.
    chat = ['s1'];
    view.rerender();
    await user.click(within(inChat('s1')).getByRole('button', { name: 'Accept' }));
    // The card follows: the member took it on and can say how it went.
    expect(await within(card()).findByText('You took this on')).toBeTruthy();
    expect(within(card()).getByRole('status').textContent).toBe('');
    expect(within(card()).getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(within(inChat('s1')).getByRole('button', { name: 'Not done' })).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: 'Accept' })).toBeNull();

    await user.click(within(card()).getByRole('button', { name: 'Not done' }));
    expect(await within(card()).findByText(stepSentence(SMALLER))).toBeTruthy();
    expect(within(card()).getByText(STEP_NOT_DONE_LINE)).toBeTruthy();
    expect(within(card()).getByText('Smaller step')).toBeTruthy();
    // The kind line says it all: no second line repeats the step.
    expect(within(card()).getByRole('status').textContent).toBe('');
    // The missed step in the chat shows how it ended, without buttons.
    expect(within(inChat('s1')).getByText('Not this time')).toBeTruthy();
    expect(within(inChat('s1')).queryByRole('button')).toBeNull();
    expect(server.posts).toEqual(['/api/me/steps', '/api/me/steps/s1/accept', '/api/me/steps/s1/not-done']);
  });

  it('reads the steps again for a step posted after they were read, and shows nothing for a demo visitor', async () => {
    const server = stepsServer();
    server.state.current = { ...REGULAR };
    server.reads.firstEmpty = true;
    renderDashboard(() => ['s1']);
    expect(await within(inChat('s1')).findByRole('button', { name: 'Swap' })).toBeTruthy();
    expect(server.reads.count).toBe(2);

    cleanup();
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <MemberContext.Provider value={{ userId: 'demo', demo: true, api: serverMemberApi }}>
          <StepInChat stepId="s1" />
        </MemberContext.Provider>
      </QueryClientProvider>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
