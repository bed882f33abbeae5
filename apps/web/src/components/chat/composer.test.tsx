import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MESSAGE_MAX_LENGTH } from '@app/shared';
import { Composer } from './composer';

afterEach(cleanup);

function Harness({
  onSend,
  sending = false,
  initial = '',
}: {
  onSend(text: string): void;
  sending?: boolean;
  initial?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <Composer
      value={value}
      onChange={setValue}
      onSend={onSend}
      sending={sending}
      placeholder="Type your message..."
      label="Message"
    />
  );
}

describe('the message box', () => {
  it('sends on Enter and adds a line on Shift+Enter', async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond');
  });

  it('never sends a blank message, and disables the button while empty or sending', async () => {
    const onSend = vi.fn();
    const { rerender } = render(<Harness onSend={onSend} />);
    const button = screen.getByRole('button', { name: 'Send message' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(button).toHaveProperty('disabled', true);
    // A fresh box holding text, while a send is on its way.
    rerender(<Harness key="sending" onSend={onSend} sending initial="hello" />);
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'hello');
    expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', true);
  });

  it('holds at most the limit, with a counter once it is near', () => {
    render(<Harness onSend={vi.fn()} initial={'a'.repeat(CHAT_MESSAGE_MAX_LENGTH - 150)} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect(box.getAttribute('maxlength')).toBe(String(CHAT_MESSAGE_MAX_LENGTH));
    expect(screen.getByText('150 characters left')).toBeTruthy();
  });
});
