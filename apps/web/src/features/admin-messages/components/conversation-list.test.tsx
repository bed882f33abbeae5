import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutomationState, ConversationListDto, ConversationSummaryDto } from '@app/shared';
import { ConversationList } from './conversation-list';

afterEach(cleanup);

const item = (name: string, coach_state: AutomationState, unread = 0): ConversationSummaryDto => ({
  conversation_id: `c-${name}`,
  customer_id: `m-${name}`,
  customer_name: name,
  customer_credits: 3,
  customer_plan: 'Base Camp',
  unread_count: unread,
  last_message: `Hello from ${name}`,
  last_message_at: '2026-11-23T10:00:00.000Z',
  is_last_message_from_admin: false,
  last_message_author: 'member',
  last_message_coach: null,
  coach_state,
  urgent_since: coach_state === 'crisis' ? '2026-11-23T10:00:00.000Z' : null,
  assignee: null,
  waiting_since: null,
});

function renderList(items: ConversationSummaryDto[], props: Partial<ComponentProps<typeof ConversationList>> = {}) {
  const data: ConversationListDto = {
    items,
    total: items.length,
    page: 1,
    page_size: 20,
    total_customers: items.length,
    unread_messages: 0,
    active_conversations: 0,
  };
  render(
    <ConversationList
      data={data}
      loading={false}
      search=""
      onSearchChange={() => {}}
      selectedId={null}
      onSelect={() => {}}
      onPageChange={() => {}}
      filter="all"
      onFilterChange={() => {}}
      sort="unread"
      onSortChange={() => {}}
      failed={false}
      onRetry={() => {}}
      retrying={false}
      {...props}
    />,
  );
  return within(screen.queryByRole('list', { name: 'Conversations' }) ?? document.body).queryAllByRole('button');
}

describe('the inbox list and who answers (decision 057)', () => {
  it('shows a crisis as "Urgent" in words, in the order the server gave (crisis first)', () => {
    // The server lists a crisis first, even above unread conversations; the list keeps its order.
    const rows = renderList([item('Ada', 'crisis'), item('Ben', 'on', 5), item('Cy', 'paused')]);
    expect(rows.map((row) => within(row).getByText(/^(Ada|Ben|Cy)$/).textContent)).toEqual(['Ada', 'Ben', 'Cy']);
    // The badge is part of the row's name, so a screen reader hears it with the customer.
    expect(rows[0]!.textContent).toMatch(/^A\s*Ada\s*Urgent/);
    expect(within(rows[0]!).getByText('Urgent')).toBeTruthy();
    expect(screen.getAllByText('Urgent')).toHaveLength(1);
  });

  it('names a paused conversation and one handed to a person; the AI answering needs no chip', () => {
    const rows = renderList([item('Ada', 'on'), item('Ben', 'paused'), item('Cy', 'handed_to_human')]);
    expect(within(rows[0]!).queryByText(/AI paused|Person needed|Urgent/)).toBeNull();
    expect(within(rows[1]!).getByText('AI paused')).toBeTruthy();
    expect(within(rows[2]!).getByText('Person needed')).toBeTruthy();
  });
});

describe('the inbox list: whose, empty and failed (decision 061)', () => {
  it('names the assignee on each row', () => {
    const rows = renderList([
      { ...item('Ada', 'on'), assignee: { id: 'c1', name: 'Anna Lindqvist' } },
      item('Ben', 'on'),
    ]);
    expect(rows[0]!.textContent).toContain('Assigned to Anna Lindqvist');
    expect(rows[1]!.textContent).toContain('Unassigned');
  });

  it('tells a search or filter that matches nobody from an empty inbox', () => {
    renderList([], { search: 'zed' });
    expect(screen.getByText('No conversations match “zed”')).toBeTruthy();
    cleanup();
    renderList([], { filter: 'mine' });
    expect(screen.getByText('No conversations are assigned to you')).toBeTruthy();
    cleanup();
    renderList([]);
    expect(screen.getByText('No conversations yet')).toBeTruthy();
  });

  it('says a failed load failed, offers to try again, and never calls it empty', () => {
    const onRetry = vi.fn();
    render(
      <ConversationList
        data={undefined}
        loading={false}
        search=""
        onSearchChange={() => {}}
        selectedId={null}
        onSelect={() => {}}
        onPageChange={() => {}}
        filter="all"
        onFilterChange={() => {}}
        sort="unread"
        onSortChange={() => {}}
        failed
        onRetry={onRetry}
        retrying={false}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The conversations could not be loaded.');
    expect(screen.queryByText('No conversations yet')).toBeNull();
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers Mine / Unassigned / All as pressed buttons and the two orders', () => {
    const onFilterChange = vi.fn();
    const onSortChange = vi.fn();
    renderList([item('Ada', 'on')], { filter: 'mine', onFilterChange, onSortChange });
    const group = screen.getByRole('group', { name: 'Show conversations' });
    expect(within(group).getByRole('button', { name: 'Mine' }).getAttribute('aria-pressed')).toBe('true');
    within(group).getByRole('button', { name: 'Unassigned' }).click();
    expect(onFilterChange).toHaveBeenCalledWith('unassigned');
    const sort = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
    expect([...sort.options].map((o) => o.text)).toEqual(['Unread first', 'Waiting longest']);
  });
});

describe('the inbox list: whose words the preview shows', () => {
  it('says "You" for the viewer\'s own reply, a colleague\'s first name for theirs, and labels the AI', () => {
    const reply = (name: string, coach: { id: string; name: string }) => ({
      ...item(name, 'on'),
      last_message_author: 'coach' as const,
      last_message_coach: coach,
    });
    const rows = renderList(
      [
        reply('Ada', { id: 'me', name: 'Maya Stone' }),
        reply('Ben', { id: 'colleague', name: 'Anna Lindqvist' }),
        { ...item('Cy', 'on'), last_message_author: 'automation' },
        item('Di', 'on'),
      ],
      { viewerId: 'me' },
    );
    expect(rows[0]!.textContent).toContain('You: Hello from Ada');
    expect(rows[1]!.textContent).toContain('Anna: Hello from Ben');
    expect(rows[1]!.textContent).not.toContain('You:');
    expect(rows[2]!.textContent).toContain('AI coach: Hello from Cy');
    expect(rows[3]!.textContent).not.toMatch(/You:|AI coach:/);
  });
});
