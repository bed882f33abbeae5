import { MemberCheckinsPanel } from '@/features/admin-programme';
import { MemberStepsPanel } from '@/features/admin-steps';
import { AdminLastSummary } from '@/features/summaries';

/**
 * A member's coaching programme as a coach sees it (decision 058): their
 * current step and its history, their check-ins and their last weekly
 * summary, on the Users card and beside their conversation. Each part is its
 * own feature's.
 */
export function MemberProgramme({ memberId }: { memberId: string }) {
  return (
    <div className="grid gap-3">
      <MemberStepsPanel memberId={memberId} />
      <MemberCheckinsPanel memberId={memberId} />
      <AdminLastSummary memberId={memberId} />
    </div>
  );
}
