import { AdminPageHeader } from '@/components/layouts/admin-page-header';

export default function AdminMessagesPage() {
  return (
    <AdminPageHeader title="Customer Conversations" description="Read and answer members' messages to their coach." />
  );
}
