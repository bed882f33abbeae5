import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CRISIS_FOLLOW_UP,
  CRISIS_MESSAGE,
  HUMAN_HANDOVER_MESSAGE,
  UNDER_18_MESSAGE,
  VOICE_NOTE_MESSAGE,
} from './crisis-message';

/**
 * The fixed texts are reviewed in docs/crisis-messages.md: the code must send
 * exactly what was reviewed. Each text sits in the document under a heading
 * with its name, in a fenced `text` block.
 */
const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../../../docs/crisis-messages.md'), 'utf8');

function reviewedText(name: string): string | undefined {
  const section = doc.split(/^## /m).find((s) => s.startsWith(`\`${name}\``));
  return section?.match(/^```text\n([\s\S]*?)\n```$/m)?.[1];
}

const TEXTS = { CRISIS_MESSAGE, UNDER_18_MESSAGE, HUMAN_HANDOVER_MESSAGE, CRISIS_FOLLOW_UP, VOICE_NOTE_MESSAGE };

describe('the fixed safety texts', () => {
  it.each(Object.entries(TEXTS))('%s is word for word the reviewed text in docs/crisis-messages.md', (name, text) => {
    expect(reviewedText(name)).toBe(text);
  });

  it('are plain text a phone shows as written: no markdown links, no emphasis, no HTML', () => {
    for (const text of Object.values(TEXTS)) {
      expect(text).not.toMatch(/\[[^\]]*\]\(|[*_]{1,2}\w|<\/?[a-z]/i);
      expect(text.length).toBeLessThan(700);
    }
  });

  it('the crisis message says it is an AI and not an emergency service, gives every number, asks about safety and says a person is alerted', () => {
    expect(CRISIS_MESSAGE).toMatch(/\bAI\b/);
    expect(CRISIS_MESSAGE).toMatch(/not an emergency service/);
    for (const contact of ['999', 'Samaritans', '116 123', 'SHOUT', '85258', '111'])
      expect(CRISIS_MESSAGE).toContain(contact);
    expect(CRISIS_MESSAGE).toMatch(/are you safe right now\?/i);
    expect(CRISIS_MESSAGE).toMatch(/alerted a person/);
  });

  it('the under-18 message says we coach adults only, gives Childline, and says a person will be in touch', () => {
    expect(UNDER_18_MESSAGE).toMatch(/only coach adults/);
    expect(UNDER_18_MESSAGE).toContain('Childline');
    expect(UNDER_18_MESSAGE).toContain('0800 1111');
    expect(UNDER_18_MESSAGE).toMatch(/person from our team will be in touch/);
  });

  it('the handover message says a person will reply, the AI is paused, and to call 999 in danger', () => {
    expect(HUMAN_HANDOVER_MESSAGE).toMatch(/person from the Calm Space team will reply/);
    expect(HUMAN_HANDOVER_MESSAGE).toMatch(/AI coach is paused/);
    expect(HUMAN_HANDOVER_MESSAGE).toContain('999');
  });
});
