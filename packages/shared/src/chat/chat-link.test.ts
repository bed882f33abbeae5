import { describe, expect, it } from 'vitest';
import { chatLink, DASHBOARD_GREETING, onboardingGreeting, planChangeMessage } from './chat-link';

/** Number and greeting back out of a link (the shared package has no URL global in its types). */
function parse(link: string): { number: string; text: string } {
  const match = /^https:\/\/wa\.me\/(\d+)\?text=([^?#&]*)$/.exec(link);
  if (!match) throw new Error(`not a click-to-chat link: ${link}`);
  return { number: match[1]!, text: decodeURIComponent(match[2]!) };
}

describe('chatLink', () => {
  it('builds a click-to-chat address from the number’s digits only', () => {
    expect(parse(chatLink('+44 7700 900-000', 'Hello'))).toEqual({ number: '447700900000', text: 'Hello' });
  });

  it('URL-encodes the greeting so apostrophes, ampersands and question marks survive', () => {
    const text = "Hi! I'd like calm & focus? 100% #now";
    const link = chatLink('447700900000', text);
    // parse() refuses a raw space, "?", "&" or "#" in the greeting part.
    expect(parse(link).text).toBe(text);
    expect(link).not.toContain(' ');
  });
});

describe('greetings', () => {
  it('has its own greeting for 30-Day Free Access and The Relief Plan, and a default naming any other plan', () => {
    const thirtyDay = onboardingGreeting('30-Day Free Access');
    const relief = onboardingGreeting('The Relief Plan');
    const spacePass = onboardingGreeting('The Space Pass');
    const baseCamp = onboardingGreeting('Base Camp');
    expect(thirtyDay).toContain('30-Day Free Access');
    expect(relief).toContain('The Relief Plan');
    expect(relief).toContain('relief from stress');
    expect(baseCamp).toContain('Base Camp');
    expect(spacePass).toContain('The Space Pass');
    // The two special cases are not the default wording with another name in it.
    expect(thirtyDay).not.toBe(onboardingGreeting('X').replace('X', '30-Day Free Access'));
    expect(relief).not.toBe(onboardingGreeting('X').replace('X', 'The Relief Plan'));
    expect(new Set([thirtyDay, relief, baseCamp, spacePass]).size).toBe(4);
  });

  it('asks for instant relief from stress and overwhelm on the dashboard', () => {
    expect(DASHBOARD_GREETING).toContain('instant relief from stress and overwhelm');
  });

  it('names the chosen plan in a plan-change request', () => {
    expect(planChangeMessage('Growth')).toContain('change my subscription to Growth');
  });
});
