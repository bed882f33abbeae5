import { useState } from 'react';
import { Plus, X } from 'lucide-react';
import { toast } from 'sonner';
import { ROLES, type Role } from '@app/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ApiError, serverMessageOr } from '@/lib/api';
import { ConfirmAccountChange } from './confirm-account-change';
import type { useUserActions } from '../api/user-actions';

interface RoleManagerProps {
  userId: string;
  userName: string;
  roles: Role[];
  /** True when this member is the only admin: their admin role cannot go (the server refuses it too). */
  isLastAdmin: boolean;
  actions: ReturnType<typeof useUserActions>;
}

/** The server's reason for a refusal the admin can act on (the last role, the last admin). */
function refusal(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 409 ? error.serverMessage : undefined;
}

/**
 * Role badges with remove controls and an add control (docs/product.md#admin-back-office):
 * remove is hidden when one role is left (so the last `user` role stays), only
 * admin and user are offered, never a role already held.
 */
export function RoleManager({ userId, userName, roles, isLastAdmin, actions }: RoleManagerProps) {
  const addable = ROLES.filter((role) => !roles.includes(role));
  const busy = actions.addRole.isPending || actions.removeRole.isPending;
  // The admin role opens every member's conversations: granting or removing it is asked once more (decision 061).
  const [asking, setAsking] = useState<'grant' | 'remove' | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const closeAsk = () => {
    setAsking(null);
    setRefused(null);
  };

  // While a change is in flight the controls ignore presses but keep focus (aria-disabled, not
  // disabled): a disabled control under the keyboard would drop focus to the page.
  const add = (role: Role, code?: string) =>
    !busy &&
    actions.addRole.mutate(
      { id: userId, role, ...(code ? { code } : {}) },
      {
        onSuccess: () => {
          closeAsk();
          toast.success('Success', { description: `${role} role added to user` });
        },
        onError: (error) => {
          // A wrong or locked code is said in the dialog, which stays open for another try.
          if (role === 'admin' && error instanceof ApiError && error.status !== 409) {
            setRefused(serverMessageOr(error, 'Failed to add user role'));
            return;
          }
          closeAsk();
          toast.error('Error', { description: 'Failed to add user role' });
        },
      },
    );
  const remove = (role: Role) =>
    !busy &&
    actions.removeRole.mutate(
      { id: userId, role },
      {
        onSuccess: () => toast.success('Success', { description: `${role} role removed from user` }),
        onError: (error) =>
          toast.error('Error', {
            description: [`Failed to remove user role`, refusal(error)].filter(Boolean).join(': '),
          }),
        onSettled: closeAsk,
      },
    );

  return (
    <div className="flex flex-wrap items-center gap-1.5" aria-label={`Roles of ${userName}`} role="group">
      {roles.map((role) => {
        const removable = roles.length > 1 && !(role === 'admin' && isLastAdmin);
        return (
          <Badge key={role} variant={role === 'admin' ? 'default' : 'secondary'} className="gap-1 pr-1 capitalize">
            {role}
            {removable && (
              <button
                type="button"
                aria-disabled={busy || undefined}
                onClick={() => (role === 'admin' ? !busy && setAsking('remove') : remove(role))}
                aria-label={`Remove ${role} role from ${userName}`}
                className="hover:bg-background/30 focus-visible:ring-ring/50 rounded-full p-0.5 outline-none focus-visible:ring-[3px] aria-disabled:opacity-50"
              >
                <X aria-hidden="true" className="size-3" />
              </button>
            )}
          </Badge>
        );
      })}
      {addable.length > 0 && (
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" className="h-6 gap-1 rounded-full px-2 text-xs" busy={busy}>
              <Plus aria-hidden="true" className="size-3" />
              Add role<span className="sr-only"> to {userName}</span>
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="start" className="min-w-[8rem]">
            {addable.map((role) => (
              <DropdownMenuItem
                key={role}
                onSelect={() => (role === 'admin' ? setAsking('grant') : add(role))}
                className="capitalize"
              >
                {role}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
      <ConfirmAccountChange
        open={asking === 'grant'}
        title={`Make ${userName} an admin?`}
        description={`${userName} will read every member's conversations, change roles and deactivate accounts. They set up two-step sign-in on their first visit to the admin area.`}
        confirmLabel="Grant admin role"
        askCode
        busy={actions.addRole.isPending}
        error={refused}
        onCancel={closeAsk}
        onConfirm={(code) => add('admin', code)}
      />
      <ConfirmAccountChange
        open={asking === 'remove'}
        title={`Remove ${userName}'s admin role?`}
        description={`${userName} loses the admin area and members' conversations at once, on every device. Conversations assigned to them stay assigned until a coach changes it.`}
        confirmLabel="Remove admin role"
        destructive
        busy={actions.removeRole.isPending}
        error={null}
        onCancel={closeAsk}
        onConfirm={() => remove('admin')}
      />
    </div>
  );
}
