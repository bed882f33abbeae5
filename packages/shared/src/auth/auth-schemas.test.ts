import { describe, expect, it } from 'vitest';
import { NEW_PASSWORD_ERRORS, newPasswordSchema, signInSchema, signUpSchema } from './auth-schemas';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('sign-up rules (docs/product.md#accounts-and-signing-in)', () => {
  it('accepts a full name, a valid email and a 6-character password', () => {
    expect(signUpSchema.safeParse({ fullName: 'Ada', email: 'ada@example.com', password: 'kettle' }).success).toBe(
      true,
    );
  });
  it('requires the full name and a valid email', () => {
    const r = signUpSchema.safeParse({ fullName: '  ', email: 'not-an-email', password: 'kettle9' });
    expect(messages(r)).toEqual(['Full name is required', 'Please enter a valid email address']);
  });
  it('refuses passwords under 6 characters', () => {
    const r = signUpSchema.safeParse({ fullName: 'Ada', email: 'a@b.co', password: 'abc' });
    expect(messages(r)).toContain('Password must be at least 6 characters');
  });
});

describe('sign-in rules', () => {
  it('needs an email and a password', () => {
    expect(messages(signInSchema.safeParse({ email: '', password: '' }))).toEqual([
      'Email is required',
      'Password is required',
    ]);
  });
});

describe('new password form', () => {
  it("says Passwords Don't Match on a mismatch", () => {
    const r = newPasswordSchema.safeParse({ password: 'kettle9', confirmPassword: 'kettle8' });
    expect(messages(r)).toEqual([NEW_PASSWORD_ERRORS.mismatch]);
  });
});
