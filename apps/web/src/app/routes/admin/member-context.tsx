import { MemberContextPanel, MemberNotes } from '@/features/admin-member-context';

/**
 * A member's details and the team's private notes, beside their conversation
 * (decision 060).
 */
export function MemberContext({ memberId }: { memberId: string }) {
  return (
    <div className="grid gap-3">
      <MemberContextPanel memberId={memberId} />
      <MemberNotes memberId={memberId} />
    </div>
  );
}
