/** The two roles an account can hold (docs/product.md#accounts-and-signing-in). */
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Browser-storage key of the remembered role: built from the user id (docs/product.md#accounts-and-signing-in). */
export function roleStorageKey(userId: string): string {
  return `currentRole_${userId}`;
}

/**
 * The role a member acts under after roles load (docs/product.md#accounts-and-signing-in):
 * the stored role if it is still held, otherwise admin if held, otherwise the
 * first role, otherwise user.
 */
export function chooseCurrentRole(available: readonly Role[], stored: string | null | undefined): Role {
  if (stored && isRole(stored) && available.includes(stored)) return stored;
  if (available.includes('admin')) return 'admin';
  return available[0] ?? 'user';
}

/** Switching is allowed only to a role in the available list (docs/product.md#accounts-and-signing-in). */
export function canSwitchTo(available: readonly Role[], target: string): target is Role {
  return isRole(target) && available.includes(target);
}
