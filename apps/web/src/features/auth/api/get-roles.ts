import type { Role } from '@app/shared';
import { api, read } from '@/lib/api';

/** The roles the signed-in account holds (401 when signed out). */
export function getRoles(): Promise<Role[]> {
  return read(api.me.roles.$get());
}
