import { describe, expect, it } from 'vitest';
import { canSwitchTo, chooseCurrentRole, roleStorageKey } from './roles';

describe('chooseCurrentRole (docs/product.md#accounts-and-signing-in)', () => {
  it('keeps the stored role while it is still held', () => {
    expect(chooseCurrentRole(['admin', 'user'], 'user')).toBe('user');
  });
  it('prefers admin when the stored role is no longer held', () => {
    expect(chooseCurrentRole(['admin', 'user'], 'owner')).toBe('admin');
    expect(chooseCurrentRole(['admin'], 'user')).toBe('admin');
  });
  it('takes the first role when admin is not held', () => {
    expect(chooseCurrentRole(['user'], null)).toBe('user');
  });
  it('falls back to user with no roles', () => {
    expect(chooseCurrentRole([], 'admin')).toBe('user');
  });
});

describe('canSwitchTo', () => {
  it('allows only held roles', () => {
    expect(canSwitchTo(['user'], 'admin')).toBe(false);
    expect(canSwitchTo(['admin', 'user'], 'admin')).toBe(true);
    expect(canSwitchTo(['admin', 'user'], 'root')).toBe(false);
  });
});

it('builds the storage key from the user id', () => {
  expect(roleStorageKey('abc')).toBe('currentRole_abc');
  expect(roleStorageKey('abc')).not.toBe(roleStorageKey('abd'));
});
