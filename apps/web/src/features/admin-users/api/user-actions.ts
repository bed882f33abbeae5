import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPlanInput, Role } from '@app/shared';
import { api, read } from '@/lib/api';

const byId = (id: string) => ({ param: { id: encodeURIComponent(id) } });

/** Granting admin carries the acting admin's authenticator code (decision 061). */
export function addUserRole(id: string, role: Role, code?: string) {
  return read(api.admin.users[':id'].roles.$post({ ...byId(id), json: code ? { role, code } : { role } }));
}

export function removeUserRole(id: string, role: Role) {
  return read(api.admin.users[':id'].roles[':role'].$delete({ param: { id: encodeURIComponent(id), role } }));
}

export function setUserActive(id: string, isActive: boolean) {
  return read(api.admin.users[':id'].active.$patch({ ...byId(id), json: { is_active: isActive } }));
}

export function setUserPlan(id: string, input: AdminPlanInput) {
  return read(api.admin.users[':id'].plan.$patch({ ...byId(id), json: input }));
}

export function adjustUserCredits(id: string, delta: number) {
  return read(api.admin.users[':id'].credits.$post({ ...byId(id), json: { delta } }));
}

/**
 * The user card's actions. Each refreshes the member list when it settles;
 * the history dialog and the overview read afresh whenever they open.
 */
export function useUserActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
  return {
    addRole: useMutation({
      mutationFn: (v: { id: string; role: Role; code?: string }) => addUserRole(v.id, v.role, v.code),
      onSettled: refresh,
    }),
    removeRole: useMutation({
      mutationFn: (v: { id: string; role: Role }) => removeUserRole(v.id, v.role),
      onSettled: refresh,
    }),
    setActive: useMutation({
      mutationFn: (v: { id: string; isActive: boolean }) => setUserActive(v.id, v.isActive),
      onSettled: refresh,
    }),
    setPlan: useMutation({
      mutationFn: (v: { id: string; input: AdminPlanInput }) => setUserPlan(v.id, v.input),
      onSettled: refresh,
    }),
    adjustCredits: useMutation({
      mutationFn: (v: { id: string; delta: number }) => adjustUserCredits(v.id, v.delta),
      onSettled: refresh,
    }),
  };
}
