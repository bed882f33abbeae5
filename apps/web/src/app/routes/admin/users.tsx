import { AdminPageHeader } from '@/components/layouts/admin-page-header';

export default function AdminUsersPage() {
  return <AdminPageHeader title="Users" description="Manage user accounts and permissions" />;
}
