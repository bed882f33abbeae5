import { describe, expect, it } from 'vitest';
import { chatLink, greetingWithReference, onboardingGreeting } from '@app/shared';
import { chatLinkMessage } from './chat-link';

describe('chatLinkMessage', () => {
  it('reads the message the product’s chat links prefill, reference and all', () => {
    const greeting = greetingWithReference(onboardingGreeting('The Relief Plan'), 'CS-7F3K9QWX');
    expect(chatLinkMessage(chatLink('+44 7700 900000', greeting))).toEqual({ number: '447700900000', text: greeting });
    // Pasted with the whitespace a copy brings along.
    expect(chatLinkMessage(`  ${chatLink('447700900000', 'Hi & hello? 100% 🌿')}\n`)).toEqual({
      number: '447700900000',
      text: 'Hi & hello? 100% 🌿',
    });
  });

  it('reads WhatsApp’s other link forms', () => {
    expect(chatLinkMessage('https://api.whatsapp.com/send?phone=447700900000&text=Hi%20there')).toEqual({
      number: '447700900000',
      text: 'Hi there',
    });
    expect(chatLinkMessage('whatsapp://send?text=Hi+there')).toEqual({ number: null, text: 'Hi there' });
  });

  it('leaves anything else alone', () => {
    for (const input of [
      'Hi! Where do we begin?',
      'see https://wa.me/447700900000?text=Hi',
      'https://wa.me/447700900000',
      'https://example.com/?text=Hi',
      'http://wa.me/447700900000?text=Hi',
      'https://wa.me.example.com/447700900000?text=Hi',
      '',
    ]) {
      expect(chatLinkMessage(input), input).toBeNull();
    }
  });
});
