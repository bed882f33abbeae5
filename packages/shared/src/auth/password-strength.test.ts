import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength';
import { WEAK_PASSWORD_PREFIX, passwordUserInputs, weakPasswordMessage } from './passwords';

describe('password strength', () => {
  it('refuses common passwords with the estimator’s reason in plain words', () => {
    const verdict = judgePassword('iloveyou1');
    expect(verdict.ok).toBe(false);
    expect(verdict.message).toBe(
      `${WEAK_PASSWORD_PREFIX} This is a commonly used password. Add more words that are less common.`,
    );
  });

  it('refuses passwords built from the product’s words or the owner’s own', () => {
    expect(judgePassword('Wellbeing1').message).toContain(
      'It contains your name, your email or the name of this site.',
    );
    const owner = { email: 'nia.okafor@example.com', name: 'Nia Okafor' };
    expect(judgePassword('NiaOkafor1!', owner).ok).toBe(false);
    // The same string is fine for someone else: it is the owner's words that make it weak.
    expect(judgePassword('nia.okafor77', { email: 'sam@example.com' }).ok).toBe(true);
    expect(judgePassword('nia.okafor77', owner).ok).toBe(false);
  });

  it('accepts passphrases of a few unrelated words', () => {
    for (const p of ['tulip-anvil-orbit', 'mossy kettle drum', 'quiet-harbour-42']) {
      expect(judgePassword(p, { email: 'sam@example.com', name: 'Sam' })).toEqual({ ok: true, score: 4 });
    }
  });

  it('reads only the first 64 characters, which bounds its work on the server', () => {
    // Crafted long inputs took seconds with the library's default of 256.
    expect(judgePassword('tulip-anvil-orbit-mossy-kettle').ok).toBe(true);
    expect(judgePassword('a'.repeat(64) + 'tulip-anvil-orbit-mossy-kettle').ok).toBe(false);
  });
});

describe('weak password message', () => {
  it('falls back to general advice when the estimator names no pattern', () => {
    expect(weakPasswordMessage({ warning: null, suggestions: [] })).toBe(
      `${WEAK_PASSWORD_PREFIX} Try a longer password, or a few unrelated words.`,
    );
  });
  it('takes the email and name apart into the words an attacker would try', () => {
    expect(passwordUserInputs({ email: ' Jane.Doe@Example.com ', name: 'Jane Doe' })).toEqual(
      expect.arrayContaining([
        'calm space',
        'calmspace',
        'jane.doe@example.com',
        'jane.doe',
        'janedoe',
        'jane',
        'doe',
        'example',
      ]),
    );
  });
});
