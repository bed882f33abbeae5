import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { MemberHistoryDialog } from '@/features/admin-audit';
import { MemberNotes } from '@/features/admin-member-context';
import { UsersScreen } from '@/features/admin-users';
import { useAuth } from '@/features/auth';
import { MemberProgramme } from './member-programme';

export default function AdminUsersPage() {
  const { user } = useAuth();
  return (
    <>
      <AdminPageHeader title="Users" description="Manage user accounts and permissions" />
      <UsersScreen
        currentUserId={user?.id}
        renderExtraActions={(member) => (
          <MemberHistoryDialog userId={member.id} userName={member.full_name?.trim() || 'Anonymous User'} />
        )}
        renderProgramme={(member) => <MemberProgramme memberId={member.id} />}
        renderNotes={(member) => (
          <MemberNotes memberId={member.id} memberName={member.full_name?.trim() || 'Anonymous User'} />
        )}
      />
    </>
  );
}
