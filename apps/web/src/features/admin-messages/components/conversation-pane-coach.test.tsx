import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto, ConversationCoachDto, ConversationCustomerDto } from '@app/shared';
import { BrowserSocketStandIn } from '@/lib/realtime/browser-socket-stand-in';
import { ConversationPane } from './conversation-pane';

/**
 * The pane's coach side against the server's routes (fetch answered per
 * route) and the realtime socket (a stand-in the test plays the server on).
 */

const CONVERSATION = '11111111-1111-4111-8111-111111111111';
const DRAFT = '22222222-2222-4222-8222-222222222222';
const BASE = `/api/admin/conversations/${CONVERSATION}`;

const coach = (overrides: Partial<ConversationCoachDto> = {}): ConversationCoachDto => ({
  state: 'on',
  urgent_since: null,
  risk_level: 'none',
  risk_categories: [],
  draft: null,
  ...overrides,
});

const header = (coachSide: ConversationCoachDto): ConversationCustomerDto => ({
  conversation_id: CONVERSATION,
  customer_id: 'm1',
  customer_name: 'Ada',
  customer_credits: 3,
  customer_plan: 'Base Camp',
  whatsapp: null,
  coach: coachSide,
  assignee: null,
});

const message = (overrides: Partial<ChatMessageDto>): ChatMessageDto => ({
  id: 'msg-1',
  conversation_id: CONVERSATION,
  member_id: 'm1',
  message: 'Hello',
  created_at: '2026-11-23T10:00:00.000Z',
  author: 'member',
  channel: 'web',
  type: 'text',
  status: 'sent',
  client_id: null,
  is_admin_message: false,
  sender_left: false,
  author_name: null,
  author_id: null,
  read_at: '2026-11-23T10:01:00.000Z',
  media: null,
  reaction: null,
  failure_reason: null,
  origin: null,
  programme: null,
  ...overrides,
});

/** The tab's one socket, opened, with every join answered: the pane is now listening. */
async function connected(): Promise<BrowserSocketStandIn> {
  await waitFor(() => expect(BrowserSocketStandIn.sockets.length).toBeGreaterThan(0));
  const socket = BrowserSocketStandIn.sockets.at(-1)!;
  socket.openAndJoin();
  await waitFor(() => expect(socket.sent.some((frame) => frame.type === 'join')).toBe(true));
  socket.answer('join');
  return socket;
}

type Answer = { status?: number; body?: unknown };
type Route = (init: RequestInit) => Answer;

/** Answers fetch by "METHOD path", and keeps every call for the test to read. */
function serverRoutes(routes: Record<string, Route>) {
  const calls: { key: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const key = `${init.method ?? 'GET'} ${path}`;
    calls.push({ key, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes[key];
    const { status = 200, body = null } = route ? route(init) : { status: 404, body: { error: 'Not found' } };
    return new Response(status === 204 ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** The routes every open pane reads, with the header answering `coachSide()` at the time of each read. */
function paneRoutes(coachSide: () => ConversationCoachDto, extra: Record<string, Route> = {}) {
  return serverRoutes({
    [`GET ${BASE}`]: () => ({ body: header(coachSide()) }),
    [`GET ${BASE}/messages`]: () => ({
      body: { conversation_id: CONVERSATION, messages: [message({})], has_more: false },
    }),
    [`POST ${BASE}/read`]: () => ({ body: { marked: 0 } }),
    'GET /api/admin/conversations/coaches': () => ({ body: { coaches: [] } }),
    ...extra,
  });
}

function renderPane(renderProgramme?: (memberId: string) => ReactNode) {
  const onListChanged = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConversationPane
        conversationId={CONVERSATION}
        onBack={() => {}}
        onListChanged={onListChanged}
        onOpenConversation={() => {}}
        renderProgramme={renderProgramme}
      />
    </QueryClientProvider>,
  );
  return { onListChanged };
}

const coachSection = () => screen.findByRole('region', { name: 'AI coach' });

beforeAll(() => vi.stubGlobal('WebSocket', BrowserSocketStandIn));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.stubGlobal('WebSocket', BrowserSocketStandIn);
});
afterAll(() => vi.unstubAllGlobals());

describe('who answers a conversation, in the pane (decision 057)', () => {
  it('says the AI answers, and pausing calls PUT …/coach with paused and shows the answer', async () => {
    const calls = paneRoutes(() => coach(), {
      [`PUT ${BASE}/coach`]: () => ({ body: coach({ state: 'paused' }) }),
    });
    const { onListChanged } = renderPane();
    const section = await coachSection();
    expect(within(section).getByText('AI coach answers')).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Hand to a person' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Resume AI' })).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Pause AI' }));
    await within(section).findByText('Paused — you answer');
    expect(calls.filter((call) => call.key === `PUT ${BASE}/coach`).map((call) => call.body)).toEqual([
      { state: 'paused' },
    ]);
    expect(within(section).getByRole('button', { name: 'Resume AI' })).toBeTruthy();
    expect(onListChanged).toHaveBeenCalled();
  });

  it('shows what the page adds about the member (their check-ins), for the conversation’s member', async () => {
    paneRoutes(() => coach());
    renderPane((memberId) => <p>Check-ins of {memberId}</p>);
    await coachSection();
    expect(await screen.findByText('Check-ins of m1')).toBeTruthy();
  });

  it('hands a paused conversation to a person, and resumes the AI from there', async () => {
    let state: ConversationCoachDto['state'] = 'paused';
    const calls = paneRoutes(() => coach({ state }), {
      [`PUT ${BASE}/coach`]: (init) => {
        state = (JSON.parse(init.body as string) as { state: typeof state }).state;
        return { body: coach({ state }) };
      },
    });
    renderPane();
    const section = await coachSection();
    await userEvent.click(within(section).getByRole('button', { name: 'Hand to a person' }));
    await within(section).findByText('Handed to a person');
    // The pressed button is gone in the new state: focus lands on the line saying who answers now.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Handed to a person'));
    await userEvent.click(within(section).getByRole('button', { name: 'Resume AI' }));
    await within(section).findByText('AI coach answers');
    expect(calls.filter((call) => call.key === `PUT ${BASE}/coach`).map((call) => call.body)).toEqual([
      { state: 'handed_to_human' },
      { state: 'on' },
    ]);
  });

  it('follows a change made elsewhere live: an automation frame reads the header again', async () => {
    let state: ConversationCoachDto['state'] = 'on';
    paneRoutes(() => coach({ state }));
    renderPane();
    const section = await coachSection();
    expect(within(section).getByText('AI coach answers')).toBeTruthy();
    const socket = await connected();

    // Another coach replied: the server paused the AI and announced it on the conversation's channel.
    state = 'paused';
    act(() =>
      socket.receive({
        type: 'automation',
        channel: `conversation:${CONVERSATION}`,
        conversation_id: CONVERSATION,
        state: 'paused',
      }),
    );
    await within(section).findByText('Paused — you answer');
  });

  it('in a crisis, shows the notice with what was seen, and returns to AI coaching only once confirmed', async () => {
    const calls = paneRoutes(
      () =>
        coach({
          state: 'crisis',
          urgent_since: '2026-11-23T10:00:00.000Z',
          risk_level: 'imminent',
          risk_categories: ['suicide', 'self_harm'],
        }),
      { [`PUT ${BASE}/coach`]: () => ({ body: coach() }) },
    );
    renderPane();
    const section = await coachSection();
    expect(within(section).getByText('Crisis — a person must answer')).toBeTruthy();
    const notice = within(section).getByRole('alert');
    expect(within(notice).getByText('Suicide, Self-harm')).toBeTruthy();
    expect(within(notice).getByText('Imminent')).toBeTruthy();
    // In a crisis only the way back is offered: no pause or hand-over.
    expect(within(section).queryByRole('button', { name: 'Pause AI' })).toBeNull();

    await userEvent.click(within(notice).getByRole('button', { name: 'Return to AI coaching' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Only do this once you have spoken with the member and they are safe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay in crisis mode' }));
    expect(calls.some((call) => call.key === `PUT ${BASE}/coach`)).toBe(false);

    await userEvent.click(within(notice).getByRole('button', { name: 'Return to AI coaching' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: /return to AI coaching/ }),
    );
    await within(section).findByText('AI coach answers');
    expect(calls.filter((call) => call.key === `PUT ${BASE}/coach`).map((call) => call.body)).toEqual([
      { state: 'on' },
    ]);
  });

  it('labels an automation message as the AI coach in the thread', async () => {
    serverRoutes({
      [`GET ${BASE}`]: () => ({ body: header(coach()) }),
      [`GET ${BASE}/messages`]: () => ({
        body: {
          conversation_id: CONVERSATION,
          messages: [
            message({
              id: 'a1',
              author: 'automation',
              is_admin_message: true,
              origin: 'model',
              message: 'Hi, I am the AI coach',
            }),
          ],
          has_more: false,
        },
      }),
      [`POST ${BASE}/read`]: () => ({ body: { marked: 0 } }),
    });
    renderPane();
    const text = await screen.findByText('Hi, I am the AI coach');
    // The bubble's first line names its author.
    expect(within(text.parentElement!).getByText('AI coach')).toBeTruthy();
    expect(within(text.parentElement!).queryByText('You')).toBeNull();
  });
});

describe('the AI draft (drafts mode)', () => {
  const draft = {
    id: DRAFT,
    text: 'That review sounds stressful.',
    reply_to_message_id: 'msg-1',
    created_at: '2026-11-23T10:00:00.000Z',
  };

  it('sends the draft as written: POST …/send with no text, and the message joins the thread', async () => {
    let pending = true;
    const calls = paneRoutes(() => coach({ draft: pending ? draft : null }), {
      [`POST ${BASE}/coach/drafts/${DRAFT}/send`]: () => {
        pending = false;
        return {
          body: message({
            id: 'sent-1',
            author: 'automation',
            is_admin_message: true,
            origin: 'model',
            message: draft.text,
          }),
        };
      },
    });
    renderPane();
    const card = await screen.findByRole('region', { name: /AI draft/ });
    expect(within(card).getByText(draft.text)).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Send draft' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /AI draft/ })).toBeNull());
    expect(calls.find((call) => call.key.endsWith('/send'))?.body).toEqual({});
    // The sent text is in the thread now, as the AI coach's.
    expect(await screen.findByText(draft.text)).toBeTruthy();
  });

  it('edits and sends: the edited text goes as the body', async () => {
    let pending = true;
    const calls = paneRoutes(() => coach({ draft: pending ? draft : null }), {
      [`POST ${BASE}/coach/drafts/${DRAFT}/send`]: (init) => {
        pending = false;
        const { text } = JSON.parse(init.body as string) as { text: string };
        return { body: message({ id: 'sent-2', author: 'coach', is_admin_message: true, message: text }) };
      },
    });
    renderPane();
    const card = await screen.findByRole('region', { name: /AI draft/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Edit and send' }));
    const box = within(card).getByRole('textbox', { name: 'Your reply, edited from the AI draft' });
    expect(document.activeElement).toBe(box);
    await userEvent.clear(box);
    await userEvent.type(box, 'How did the review go?');
    await userEvent.click(within(card).getByRole('button', { name: 'Send draft' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /AI draft/ })).toBeNull());
    expect(calls.find((call) => call.key.endsWith('/send'))?.body).toEqual({ text: 'How did the review go?' });
  });

  it('discards the draft: POST …/discard, and the card goes', async () => {
    let pending = true;
    const calls = paneRoutes(() => coach({ draft: pending ? draft : null }), {
      [`POST ${BASE}/coach/drafts/${DRAFT}/discard`]: () => {
        pending = false;
        return { status: 204 };
      },
    });
    renderPane();
    const card = await screen.findByRole('region', { name: /AI draft/ });
    await userEvent.click(within(card).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /AI draft/ })).toBeNull());
    expect(calls.some((call) => call.key === `POST ${BASE}/coach/drafts/${DRAFT}/discard`)).toBe(true);
    // The card's buttons are gone: focus waits in the reply box.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message to Ada' })));
    expect(calls.some((call) => call.key.endsWith('/send'))).toBe(false);
  });
});
