import type { Role } from '@app/shared';
import { api } from '@/lib/api';

/** The roles the signed-in account holds (401 when signed out). */
export async function getRoles(): Promise<Role[]> {
  const data = await api.get<{ roles: Role[] }>('/api/me/roles');
  return data.roles;
}
