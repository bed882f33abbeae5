import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COACH_ACKNOWLEDGEMENT, conversationChannel, type MemberCoachDto } from '@app/shared';
import { MemberContext } from '@/lib/member-api/member-api';
import { serverMemberApi } from '@/lib/member-api/server-member-api';
import type { ChatConversation } from '../lib/chat-conversation';
import { CoachStatus } from './coach-status';
import { CoachTypingLine } from './coach-typing-line';
import { BrowserSocketStandIn } from '@/lib/realtime/browser-socket-stand-in';

const CHANNEL = conversationChannel('c1');
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

beforeAll(() => vi.stubGlobal('WebSocket', BrowserSocketStandIn));
afterAll(() => vi.unstubAllGlobals());
afterEach(() => {
  cleanup();
  // The tab's one realtime client outlives a test: its channel is left, so the next test joins afresh.
  for (const socket of BrowserSocketStandIn.sockets) socket.answer('leave');
  vi.unstubAllGlobals();
  vi.stubGlobal('WebSocket', BrowserSocketStandIn);
});

/** The coach's pieces beside a chat, against the server's routes (fetch answered here) and a socket. */
function renderBesideChat(coach: MemberCoachDto, conversation: Partial<ChatConversation> = {}) {
  const answers = { coach, afterHuman: { answered_by: 'person', state: 'handed_to_human' } satisfies MemberCoachDto };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/me/coach/human' && init?.method === 'POST') return json(answers.afterHuman);
    if (path === '/api/me/coach') return json(answers.coach);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = (props: ChatConversation) => (
    <QueryClientProvider client={client}>
      <MemberContext.Provider value={{ userId: 'u1', demo: false, api: serverMemberApi }}>
        <CoachTypingLine conversation={props} />
        <CoachStatus conversation={props} />
      </MemberContext.Provider>
    </QueryClientProvider>
  );
  const initial: ChatConversation = { id: 'c1', lastTeamMessageId: null, sent: 0, ...conversation };
  const view = render(tree(initial));
  return {
    fetchMock,
    answers,
    rerender: (next: Partial<ChatConversation>) => view.rerender(tree({ ...initial, ...next })),
    coachReads: () =>
      fetchMock.mock.calls.filter(([url, init]) => url === '/api/me/coach' && init?.method === 'GET').length,
  };
}

const socket = () => BrowserSocketStandIn.sockets.at(-1)!;

describe('who answers, beside the member chat', () => {
  it('says the AI coach answers in seconds, and a person once the member asks for one, with one press', async () => {
    const { fetchMock } = renderBesideChat({ answered_by: 'ai', state: 'on' });
    expect(await screen.findByText(COACH_ACKNOWLEDGEMENT.ai)).toBeTruthy();
    expect(COACH_ACKNOWLEDGEMENT.ai).toBe('Your AI coach will answer in a few seconds.');

    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Talk to a person' });
    await user.click(button);
    expect(await screen.findByText('A person from the team will reply, usually within one working day.')).toBeTruthy();
    // Pressed once: it stays, unavailable, and a second press asks nothing more.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await user.click(button);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => url)).toEqual(['/api/me/coach/human']);
  });

  it('offers no person to a member a person already answers', async () => {
    renderBesideChat({ answered_by: 'person', state: 'crisis' });
    expect(await screen.findByText(COACH_ACKNOWLEDGEMENT.person)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Talk to a person' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('reads who answers again when the automation changes and after the member sends', async () => {
    const view = renderBesideChat({ answered_by: 'ai', state: 'on' });
    await screen.findByText(COACH_ACKNOWLEDGEMENT.ai);
    socket().openAndJoin();
    expect(view.coachReads()).toBe(1);

    view.answers.coach = { answered_by: 'person', state: 'crisis' };
    socket().receive({ type: 'automation', channel: CHANNEL, conversation_id: 'c1', state: 'crisis' });
    expect(await screen.findByText(COACH_ACKNOWLEDGEMENT.person)).toBeTruthy();

    view.answers.coach = { answered_by: 'ai', state: 'on' };
    view.rerender({ sent: 1 });
    expect(await screen.findByText(COACH_ACKNOWLEDGEMENT.ai)).toBeTruthy();
    expect(view.coachReads()).toBe(3);
  });
});

describe('the first sign of life', () => {
  it('shows "AI coach is typing…" from the frame until the team’s next message arrives', async () => {
    const view = renderBesideChat({ answered_by: 'ai', state: 'on' }, { lastTeamMessageId: 'm1' });
    await screen.findByText(COACH_ACKNOWLEDGEMENT.ai);
    socket().openAndJoin();
    const line = screen.getAllByRole('status').find((node) => node.getAttribute('aria-live') === 'polite')!;
    expect(line.textContent).toBe('');

    socket().receive({ type: 'coach_typing', channel: CHANNEL, conversation_id: 'c1' });
    expect(line.textContent).toBe('AI coach is typing…');

    view.rerender({ lastTeamMessageId: 'm2' });
    expect(line.textContent).toBe('');
  });

  it('stops showing it when a coach pauses the AI or the conversation goes to a person', async () => {
    renderBesideChat({ answered_by: 'ai', state: 'on' });
    await screen.findByText(COACH_ACKNOWLEDGEMENT.ai);
    socket().openAndJoin();
    socket().receive({ type: 'coach_typing', channel: CHANNEL, conversation_id: 'c1' });
    expect(screen.getByText('AI coach is typing…')).toBeTruthy();
    socket().receive({ type: 'automation', channel: CHANNEL, conversation_id: 'c1', state: 'paused' });
    expect(screen.queryByText('AI coach is typing…')).toBeNull();
  });
});

describe('Need urgent help?', () => {
  it('opens the crisis numbers and says the coach is an AI, not an emergency service', async () => {
    renderBesideChat({ answered_by: 'ai', state: 'on' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Need urgent help?' }));
    const panel = await screen.findByRole('dialog', { name: 'If you need urgent help' });
    const text = panel.textContent!;
    for (const number of ['999', '116 123', '85258', '111']) expect(text).toContain(number);
    expect(text).toContain('SHOUT');
    expect(text).toContain('Your coach is an AI, not an emergency service');
    expect(within(panel).getByRole('link', { name: 'How the AI coach works' }).getAttribute('href')).toBe('/ai-coach');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
