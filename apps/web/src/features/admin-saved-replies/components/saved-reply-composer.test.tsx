import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedReplyDto } from '@app/shared';
import { SavedReplyComposer } from './saved-reply-composer';

afterEach(cleanup);

const reply = (title: string, body: string): SavedReplyDto => ({
  id: title.replace(/\W/g, '-'),
  title,
  body,
  created_at: '2026-11-27T08:00:00.000Z',
  updated_at: '2026-11-27T08:00:00.000Z',
});
const LIBRARY = [
  reply('Away today', 'I am away today, {first_name}.'),
  reply('Check in', 'How are you, {first_name}?'),
  reply('Welcome', 'Hi {first_name}, welcome.'),
];

/** The box with the library already read (the query's cache holds it, as after the first read). */
function Harness({ onSend, personName = 'Nora Example' }: { onSend(text: string): void; personName?: string | null }) {
  const [client] = useState(() => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    queryClient.setQueryData(['admin', 'saved-replies'], LIBRARY);
    return queryClient;
  });
  const [value, setValue] = useState('');
  return (
    <QueryClientProvider client={client}>
      <SavedReplyComposer
        value={value}
        onChange={setValue}
        onSend={onSend}
        sending={false}
        placeholder="Type your message..."
        label="Message"
        personName={personName}
      />
    </QueryClientProvider>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Message' });
const listed = () => screen.queryAllByRole('option').map((o) => o.firstChild?.textContent);

describe('the saved replies picker', () => {
  it('opens on /, narrows as one types (spaces too), and inserts the chosen reply with the first name, not sending', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(box(), 'Thanks. /');
    expect(listed()).toEqual(['Away today', 'Check in', 'Welcome']);
    await userEvent.type(box(), 'check i');
    expect(listed()).toEqual(['Check in']);
    await userEvent.type(box(), '{Enter}');
    expect(box()).toHaveProperty('value', 'Thanks. How are you, Nora?');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('moves with the arrow keys, wraps round, and Tab inserts too', async () => {
    render(<Harness onSend={vi.fn()} personName="Unknown User" />);
    await userEvent.type(box(), '/');
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getByRole('option', { selected: true }).firstChild?.textContent).toBe('Welcome');
    expect(box().getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { selected: true }).id);
    await userEvent.keyboard('{Tab}');
    // No name to use: a kind word instead.
    expect(box()).toHaveProperty('value', 'Hi there, welcome.');
  });

  it('stays shut for a / inside a word, closes on Escape, and lets a sentence that starts with / be sent', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.type(box(), 'and/or');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.clear(box());
    await userEvent.type(box(), '/');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.clear(box());
    await userEvent.type(box(), '/shrug is my mood');
    expect(screen.queryByRole('listbox')).toBeNull();
    await userEvent.type(box(), '{Enter}');
    expect(onSend).toHaveBeenCalledWith('/shrug is my mood');
  });
});
