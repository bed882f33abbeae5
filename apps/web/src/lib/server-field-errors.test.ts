import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { showServerFieldErrors } from './server-field-errors';

type Form = { name: string; email: string };

const badInput = (fieldErrors: Record<string, string[]>) =>
  new ApiError(400, 'Invalid input', 'Invalid input', undefined, fieldErrors);

describe('showServerFieldErrors', () => {
  it("puts each field's first message under the form's own fields and ignores fields it does not show", () => {
    const setError = vi.fn();
    const shown = showServerFieldErrors<Form>(
      badInput({ email: ['Please enter a valid email address', 'second'], role: ['Not yours to set'] }),
      setError,
      ['name', 'email'],
    );
    expect(shown).toBe(true);
    expect(setError.mock.calls).toEqual([['email', { message: 'Please enter a valid email address' }]]);
  });

  it('answers false when nothing landed, so the caller shows its toast', () => {
    const setError = vi.fn();
    expect(showServerFieldErrors<Form>(badInput({ role: ['Not yours'] }), setError, ['name'])).toBe(false);
    expect(showServerFieldErrors<Form>(new Error('offline'), setError, ['name'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
