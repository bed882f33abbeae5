import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalPhoneMessageDto } from '@app/shared';
import { PhoneThread } from './phone-thread';

afterEach(cleanup);

const message = (over: Partial<LocalPhoneMessageDto>): LocalPhoneMessageDto => ({
  id: 'm1',
  external_id: 'wamid.1',
  direction: 'out',
  kind: 'text',
  text: 'How did your step go?',
  media_url: null,
  at: '2026-11-27T09:00:00.000Z',
  status: 'delivered',
  ...over,
});

describe('PhoneThread', () => {
  it('shows the business’s reply buttons and sends the tapped one back', async () => {
    const onReply = vi.fn();
    render(
      <PhoneThread
        onReply={onReply}
        messages={[
          message({
            buttons: [
              { kind: 'button_reply', id: 'step:s1:done', title: 'Done' },
              { kind: 'button_reply', id: 'step:s1:not_done', title: 'Not this time' },
            ],
          }),
          message({ id: 'm2', direction: 'in', text: 'Hello', buttons: undefined }),
        ]}
      />,
    );
    const group = screen.getByRole('group', { name: 'Reply buttons' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Done', 'Not this time']);
    await userEvent.click(within(group).getByRole('button', { name: 'Not this time' }));
    expect(onReply).toHaveBeenCalledWith({ kind: 'button_reply', id: 'step:s1:not_done', title: 'Not this time' });
  });

  it('holds the buttons while a reply is on its way', () => {
    render(
      <PhoneThread
        onReply={() => {}}
        replying
        messages={[
          message({ kind: 'template', buttons: [{ kind: 'quick_reply', id: 'programme:open:x', title: 'Show me' }] }),
        ]}
      />,
    );
    expect((screen.getByRole('button', { name: 'Show me' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
