import type { AdminUserDto } from '@app/shared';
import { RelativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { billingInWords } from '@/lib/member-billing-words';

/**
 * The users list as a compact table (decision 060): who they are, their plan and
 * who pays for it until when, status, joined and last activity. The cards keep the actions.
 */
export function UsersTable({ users }: { users: AdminUserDto[] }) {
  return (
    <Table regionLabel="Users table">
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Member</TableHead>
          <TableHead scope="col">Plan</TableHead>
          <TableHead scope="col">Billing</TableHead>
          <TableHead scope="col">Status</TableHead>
          <TableHead scope="col">Joined</TableHead>
          <TableHead scope="col">Last active</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((user) => {
          const billing = billingInWords(user.billing);
          return (
            <TableRow key={user.id}>
              <TableCell className="max-w-56">
                <span className="block truncate font-medium">{user.full_name?.trim() || 'Anonymous User'}</span>
                <span className="text-muted-foreground block truncate text-xs">{user.email}</span>
              </TableCell>
              <TableCell>{billing.plan}</TableCell>
              <TableCell className="min-w-56 whitespace-normal">
                <span className="block">{billing.paidBy}</span>
                <span className="text-muted-foreground block text-xs">{billing.access}</span>
              </TableCell>
              <TableCell>
                <Badge
                  variant={user.is_active ? 'secondary' : 'destructive'}
                  className={user.is_active ? 'bg-emerald-100 text-emerald-900' : undefined}
                >
                  {user.is_active ? 'Active' : 'Inactive'}
                </Badge>
              </TableCell>
              <TableCell>
                <RelativeTime value={user.created_at} />
              </TableCell>
              <TableCell>
                {user.last_active_at ? (
                  <RelativeTime value={user.last_active_at} />
                ) : (
                  <span className="text-muted-foreground">Never</span>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
