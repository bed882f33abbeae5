import { BookOpenText, MessageSquare, UserPlus } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import type { AdminActivityItemDto } from '@app/shared';
import { RelativeTime } from '@/components/relative-time';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const TYPE_LABEL: Record<AdminActivityItemDto['type'], { label: string; icon: typeof UserPlus }> = {
  signup: { label: 'Signup', icon: UserPlus },
  reflection: { label: 'Reflection', icon: BookOpenText },
  message: { label: 'Message', icon: MessageSquare },
};

/** Recent Activity (docs/product.md#admin-back-office): Type, User, Content, Date, Action. */
export function RecentActivityTable({ items }: { items: AdminActivityItemDto[] }) {
  if (items.length === 0) return <p className="text-muted-foreground py-6 text-center text-sm">No activity yet</p>;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead>Type</TableHead>
          <TableHead>User</TableHead>
          <TableHead>Content</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Action</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => {
          const { label, icon: Icon } = TYPE_LABEL[item.type];
          return (
            <TableRow key={`${item.type}-${item.id}`}>
              <TableCell>
                <Badge variant="secondary">
                  <Icon aria-hidden="true" />
                  {label}
                </Badge>
              </TableCell>
              <TableCell className="font-medium whitespace-nowrap">{item.user_name}</TableCell>
              <TableCell className="max-w-[28rem] min-w-[12rem]">{item.content}</TableCell>
              <TableCell className="text-muted-foreground whitespace-nowrap">
                <RelativeTime value={item.created_at} />
              </TableCell>
              <TableCell>
                <Link
                  to={item.link_path}
                  className="text-primary rounded-sm font-medium underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  aria-label={`View ${label.toLowerCase()} from ${item.user_name}`}
                >
                  View
                </Link>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
