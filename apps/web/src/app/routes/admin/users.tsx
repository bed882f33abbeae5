import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { MemberHistoryDialog } from '@/features/admin-audit/components/member-history-dialog';
import { UsersScreen } from '@/features/admin-users/components/users-screen';

export default function AdminUsersPage() {
  return (
    <>
      <AdminPageHeader title="Users" description="Manage user accounts and permissions" />
      <UsersScreen
        renderExtraActions={(user) => (
          <MemberHistoryDialog userId={user.id} userName={user.full_name?.trim() || 'Anonymous User'} />
        )}
      />
    </>
  );
}
