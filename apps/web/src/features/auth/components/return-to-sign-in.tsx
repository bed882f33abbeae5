import { useNavigate } from '@/lib/app-navigation';
import { Button } from '@/components/ui/button';

/** Shown in every settled state of the verification page (docs/product.md#accounts-and-signing-in: "a Return to Sign In button"). */
export function ReturnToSignIn({ variant = 'outline' }: { variant?: 'outline' | 'default' }) {
  const navigate = useNavigate();
  return (
    <Button variant={variant} className="w-full" onClick={() => navigate('/auth')}>
      Return to Sign In
    </Button>
  );
}
