import { useState } from 'react';
import { toast } from '@/lib/lazy-toast';
import { Button } from '@/components/ui/button';
import { serverMessageOr } from '@/lib/api-request';
import { loadPage } from '@/lib/navigation';
import { signInSocial } from '../api/sign-in-social';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.2-2.1 3.5-5.1 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1z" />
      <path
        fill="#EA4335"
        d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A11.5 11.5 0 0 0 12 0 12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z"
      />
    </svg>
  );
}

/** Shown only when the server has Google sign-in configured. Returns to / afterwards. */
export function GoogleSignInButton() {
  const [opening, setOpening] = useState(false);
  const start = async () => {
    setOpening(true);
    try {
      const { url } = await signInSocial('google');
      loadPage(url);
    } catch (error) {
      toast.error('Sign In Failed', {
        description: serverMessageOr(error, 'Please check your credentials and try again.'),
      });
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant="outline" size="lg" className="w-full" onClick={() => void start()} busy={opening}>
      <GoogleMark />
      {opening ? 'Opening Google...' : 'Continue with Google'}
    </Button>
  );
}
