import { AuthCallbackScreen } from '@/features/auth/components/auth-callback-screen';

export default function AuthCallbackPage() {
  return <AuthCallbackScreen />;
}
