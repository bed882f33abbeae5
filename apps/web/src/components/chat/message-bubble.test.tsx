import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessageDto, MessageMediaDto } from '@app/shared';
import type { ThreadMessage } from '@/lib/realtime/thread';
import { DeliveryFailure, DeliveryStatus } from './delivery-status';
import { MessageBubble } from './message-bubble';

afterEach(cleanup);

const message = (over: Partial<ChatMessageDto> = {}): ThreadMessage => ({
  id: 'm1',
  conversation_id: 'c1',
  member_id: 'u1',
  message: 'Hello',
  created_at: new Date().toISOString(),
  author: 'coach',
  channel: 'whatsapp',
  type: 'text',
  status: 'sent',
  client_id: null,
  is_admin_message: true,
  sender_left: false,
  author_name: null,
  author_id: null,
  read_at: null,
  media: null,
  reaction: null,
  failure_reason: null,
  origin: null,
  programme: null,
  ...over,
});

const media = (over: Partial<MessageMediaDto>): MessageMediaDto => ({
  url: null,
  status: 'pending',
  mime_type: 'audio/ogg; codecs=opus',
  caption: null,
  voice: true,
  provider_type: null,
  ...over,
});

describe('delivery ticks on the team’s messages', () => {
  it('names every state for a screen reader, colouring only read', () => {
    const cases: [Partial<ThreadMessage>, string][] = [
      [{ pending: true, status: 'pending' }, 'Sending'],
      [{ status: 'pending' }, 'Sending'],
      [{ status: 'sent' }, 'Sent'],
      [{ status: 'delivered' }, 'Delivered'],
      [{ status: 'read', read_at: '2026-11-23T10:00:00.000Z' }, 'Read'],
      // Read in the web chat before WhatsApp said delivered: read all the same.
      [{ status: 'sent', read_at: '2026-11-23T10:00:00.000Z' }, 'Read'],
      [{ status: 'failed', failure_reason: 'x' }, 'Not delivered'],
    ];
    for (const [over, label] of cases) {
      const { unmount } = render(<DeliveryStatus message={message(over)} />);
      const mark = screen.getByRole('img', { name: label });
      expect(mark.querySelector('svg')!.getAttribute('class')!.includes('text-primary')).toBe(label === 'Read');
      unmount();
    }
  });

  it('says why a message failed and sends it again on Retry; says nothing for one delivered', async () => {
    const onRetry = vi.fn();
    const failed = message({ status: 'failed', failure_reason: '131047 Re-engagement message' });
    const { container } = render(<DeliveryFailure message={message({ status: 'delivered' })} onRetry={onRetry} />);
    expect(container.textContent).toBe('');
    render(<DeliveryFailure message={failed} onRetry={onRetry} />);
    expect(screen.getByText('Not delivered: 131047 Re-engagement message')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
  });
});

describe('a message’s attachment and marks', () => {
  const bubble = (m: ThreadMessage) => render(<MessageBubble message={m} own={false} author="Sam" person="Sam" />);

  it('plays a stored voice note from our server, marked as sent on WhatsApp', () => {
    bubble(
      message({
        is_admin_message: false,
        author: 'member',
        type: 'audio',
        message: '',
        media: media({ status: 'stored', url: '/api/media/f1' }),
      }),
    );
    const player = screen.getByLabelText('Voice note');
    expect(player.tagName).toBe('AUDIO');
    expect(player.getAttribute('src')).toBe('/api/media/f1');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(screen.getByRole('img', { name: 'via WhatsApp' })).toBeTruthy();
  });

  it('says a voice note is on its way, or could not be fetched', () => {
    const pending = message({ type: 'audio', message: '', media: media({ status: 'pending' }) });
    const { unmount } = bubble(pending);
    expect(screen.getByText('Voice note arriving…')).toBeTruthy();
    expect(screen.queryByLabelText('Voice note')).toBeNull();
    unmount();
    bubble({ ...pending, media: media({ status: 'failed' }) });
    expect(screen.getByText('Voice note could not be fetched')).toBeTruthy();
  });

  it('shows an image with its caption as alternative text, or whose it is', () => {
    const image = message({
      is_admin_message: false,
      type: 'image',
      message: 'My view today',
      media: media({
        status: 'stored',
        url: '/api/media/f2',
        mime_type: 'image/jpeg',
        voice: false,
        caption: 'My view today',
      }),
    });
    const { unmount } = bubble(image);
    expect(screen.getByRole('img', { name: 'My view today' }).getAttribute('src')).toBe('/api/media/f2');
    // The caption is the message's text: said once.
    expect(screen.getAllByText('My view today')).toHaveLength(1);
    unmount();
    bubble({ ...image, message: '', media: media({ ...image.media!, caption: null }) });
    expect(screen.getByRole('img', { name: 'Image from Sam' })).toBeTruthy();
  });

  it('names a kind of message it cannot show, and shows the person’s reaction; a web message has no WhatsApp mark', () => {
    bubble(
      message({
        channel: 'web',
        type: 'other',
        message: '',
        media: media({ status: 'stored', provider_type: 'location', mime_type: null, voice: false }),
        reaction: '❤️',
      }),
    );
    expect(screen.getByText('Unsupported message (location)')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Sam reacted ❤️' }).textContent).toBe('❤️');
    expect(screen.queryByRole('img', { name: 'via WhatsApp' })).toBeNull();
  });
});

describe('the AI coach’s messages', () => {
  it('are labelled "AI coach" in words and an icon, whatever name the screen passes', () => {
    render(
      <MessageBubble
        message={message({ author: 'automation', origin: 'model', channel: 'web' })}
        own={false}
        author="Coach"
        person="You"
      />,
    );
    expect(screen.getByText('AI coach')).toBeTruthy();
    expect(screen.queryByText('Coach')).toBeNull();
    expect(screen.getByText('AI coach').querySelector('svg')).toBeTruthy();
  });

  it('label the fixed safety texts too, shown as a notice', () => {
    render(
      <MessageBubble
        message={message({ author: 'automation', origin: 'safety', channel: 'web' })}
        own={false}
        author="Coach"
        person="You"
      />,
    );
    const label = screen.getByText('AI coach');
    expect(label.closest('.bg-rose-50')).toBeTruthy();
  });

  it('leave a person’s messages as they were', () => {
    render(
      <MessageBubble message={message({ author: 'coach', channel: 'web' })} own={false} author="Coach" person="You" />,
    );
    expect(screen.getByText('Coach')).toBeTruthy();
    expect(screen.queryByText('AI coach')).toBeNull();
  });
});

describe('a note of the system', () => {
  it('is shown centred and unsigned, never as the reader’s own words', () => {
    render(
      <MessageBubble
        message={message({ author: 'system', message: 'WhatsApp +447700900123 is now linked to this account.' })}
        own
        author="You"
        person="Sam"
      />,
    );
    expect(screen.getByText(/is now linked to this account/).textContent).toMatch(/^Note: WhatsApp/);
    expect(screen.queryByText('You')).toBeNull();
    expect(screen.queryByText('AI coach')).toBeNull();
  });
});
