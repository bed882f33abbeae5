import { chooseCurrentRole, roleStorageKey, type Role } from '@app/shared';
import { ApiError } from '@/lib/api-request';
import { localStore } from '@/lib/browser-storage';

/** Loaded on first use: the typed API client stays out of a signed-out visitor's first load. */
const getRoles = () => import('../api/get-roles').then((module) => module.getRoles());

export interface RoleState {
  roles: Role[];
  currentRole: Role;
}

/**
 * Role loading (docs/product.md#accounts-and-signing-in): read the remembered role, load the held roles,
 * choose the current one and remember the choice. When the server refuses,
 * the account acts as a plain user, and that is remembered too.
 *
 * A request that never got an answer (offline, or cut short because the
 * page is being left) is not a refusal: the account acts as a user for now,
 * but the remembered role is left alone, so an admin is not demoted for good
 * by a tab closed mid-request.
 */
export async function loadRoleState(userId: string, fetchRoles: () => Promise<Role[]> = getRoles): Promise<RoleState> {
  const key = roleStorageKey(userId);
  const stored = localStore.get(key);
  let roles: Role[];
  try {
    roles = await fetchRoles();
  } catch (error) {
    console.error('Failed to load user roles; continuing as a user.', error);
    const answered = error instanceof ApiError && error.status > 0;
    if (!answered) return { roles: ['user'], currentRole: 'user' };
    roles = [];
  }
  if (roles.length === 0) roles = ['user'];
  const currentRole = chooseCurrentRole(roles, stored);
  localStore.set(key, currentRole);
  return { roles, currentRole };
}
