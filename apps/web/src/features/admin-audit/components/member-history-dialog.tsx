import { useState } from 'react';
import { History } from 'lucide-react';
import { RelativeTime } from '@/components/relative-time';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useAuditLog } from '../api/get-audit-log';
import { describeActor, describeAuditEntry } from './describe-audit-entry';

/**
 * A member's change history (decision 024): every role, activation, plan and
 * credit change made to their account, newest first, with who made it.
 */
export function MemberHistoryDialog({ userId, userName }: { userId: string; userName: string }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const log = useAuditLog(userId, page, open);
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.page_size)) : 1;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setPage(1);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History aria-hidden="true" />
          History<span className="sr-only"> of {userName}</span>
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Change History</DialogTitle>
          <DialogDescription>Changes made to {userName}’s account, newest first.</DialogDescription>
        </DialogHeader>
        {log.isPending ? (
          <p role="status" className="text-muted-foreground flex items-center gap-2 text-sm">
            <Spinner /> Loading...
          </p>
        ) : log.isError ? (
          <p className="text-destructive text-sm">Failed to load the change history.</p>
        ) : log.data.items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No changes recorded yet.</p>
        ) : (
          <>
            <ol className="grid max-h-[55vh] gap-3 overflow-y-auto pr-1">
              {log.data.items.map((entry) => (
                <li key={entry.id} className="border-l-primary/40 border-l-2 pl-3">
                  <p className="text-sm font-medium">{describeAuditEntry(entry)}</p>
                  <p className="text-muted-foreground text-xs">
                    by {describeActor(entry)} · <RelativeTime value={entry.created_at} />
                  </p>
                </li>
              ))}
            </ol>
            {pages > 1 && (
              <div className="flex items-center justify-between">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                  Newer
                </Button>
                <span className="text-muted-foreground text-xs">
                  Page {page} of {pages}
                </span>
                <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                  Older
                </Button>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
