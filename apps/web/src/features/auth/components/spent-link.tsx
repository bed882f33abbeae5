import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { NewLinkRequest, type NewLinkPurpose } from './new-link-request';
import { ReturnToSignIn } from './return-to-sign-in';

const WORDS: Record<NewLinkPurpose, { title: string; detail: string }> = {
  recovery: {
    title: 'This reset link has already been used or has expired',
    detail:
      'Each link works once, for one hour, and a newer link replaces older ones. Your password has not been changed by this page.',
  },
  signup: {
    title: 'This confirmation link has already been used or has expired',
    detail: 'Each link works once, for one hour. If you have already confirmed your email, you can simply sign in.',
  },
};

/**
 * A recovery or confirmation link that can no longer be used, said in plain
 * words with the way forward on the spot (decision 033). `reason` is the
 * server's own words when it gave some.
 */
export function SpentLink({ purpose, reason }: { purpose: NewLinkPurpose; reason?: string }) {
  const words = WORDS[purpose];
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          {purpose === 'recovery' ? 'Set a new password' : 'Email verification'}
        </CardTitle>
        <CardDescription>Nothing has changed on your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{words.title}</AlertTitle>
          <AlertDescription>
            {reason && <p>{reason}</p>}
            <p>{words.detail}</p>
          </AlertDescription>
        </Alert>
        <NewLinkRequest purpose={purpose} />
        <ReturnToSignIn />
      </CardContent>
    </Card>
  );
}
