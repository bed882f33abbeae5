import { describe, expect, it, vi } from 'vitest';
import { PASSWORD_TOO_SHORT_MESSAGE } from '@app/shared';
import { signUpSchema, type SignUpInput } from '@app/shared/auth-schemas';
import { lazyZodResolver } from './lazy-zod-resolver';

describe('lazyZodResolver', () => {
  it("answers the schema's first message for each invalid field, loading the schema once", async () => {
    const loadSchema = vi.fn(async () => signUpSchema);
    const resolve = lazyZodResolver<SignUpInput>(loadSchema);
    expect(loadSchema).not.toHaveBeenCalled();

    expect(await resolve({ fullName: ' ', email: 'ada', password: '' })).toEqual({
      errors: {
        fullName: { message: 'Full name is required' },
        email: { message: 'Please enter a valid email address' },
        password: { message: 'Password is required' },
      },
    });
    expect(await resolve({ fullName: 'Ada', email: 'ada@example.com', password: 'short' })).toEqual({
      errors: { password: { message: PASSWORD_TOO_SHORT_MESSAGE } },
    });
    expect(loadSchema).toHaveBeenCalledTimes(1);
  });

  it('gives the values as the schema returns them (the address trimmed)', async () => {
    const resolve = lazyZodResolver<SignUpInput>(async () => signUpSchema);
    expect(await resolve({ fullName: ' Ada ', email: ' ada@example.com ', password: 'steady-breath-8' })).toEqual({
      values: { fullName: 'Ada', email: 'ada@example.com', password: 'steady-breath-8' },
    });
  });

  it('tries to load again after a failed load (offline for a moment)', async () => {
    const loadSchema = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(signUpSchema);
    const resolve = lazyZodResolver<SignUpInput>(loadSchema);
    const values = { fullName: 'Ada', email: 'ada@example.com', password: 'steady-breath-8' };
    await expect(resolve(values)).rejects.toThrow('offline');
    expect(await resolve(values)).toEqual({ values });
  });
});
