import { MemberPage } from '@/components/layouts/member-page';

export default function SubscriptionPage() {
  return (
    <MemberPage
      title="Subscription"
      description="Your current plan, your free trial and your billing, all in one place."
      backTo={{ to: '/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
