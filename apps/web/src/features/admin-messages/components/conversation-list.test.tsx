import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AutomationState, ConversationListDto, ConversationSummaryDto } from '@app/shared';
import { ConversationList } from './conversation-list';

afterEach(cleanup);

const item = (name: string, coach_state: AutomationState, unread = 0): ConversationSummaryDto => ({
  conversation_id: `c-${name}`,
  customer_id: `m-${name}`,
  customer_name: name,
  customer_credits: 3,
  unread_count: unread,
  last_message: `Hello from ${name}`,
  last_message_at: '2026-11-23T10:00:00.000Z',
  is_last_message_from_admin: false,
  last_message_author: 'member',
  coach_state,
  urgent_since: coach_state === 'crisis' ? '2026-11-23T10:00:00.000Z' : null,
});

function renderList(items: ConversationSummaryDto[]) {
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
    />,
  );
  return within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');
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
