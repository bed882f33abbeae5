import { MemberPage } from '@/components/layouts/member-page';

export default function ProfilePage() {
  return (
    <MemberPage
      title="Your Profile"
      description="Your name, focus area, coaching tone and plan: the details that shape how your coach supports you."
      backTo={{ to: '/dashboard', label: 'Back to Dashboard' }}
    />
  );
}
