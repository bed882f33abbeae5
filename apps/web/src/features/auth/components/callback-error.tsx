import { CircleAlert } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { LINK_FALLBACK_MESSAGE } from '../lib/callback-fragment';
import { ReturnToSignIn } from './return-to-sign-in';

/** The verification page's error state: what went wrong and the way back. */
export function CallbackError({ message }: { message: string | undefined }) {
  const detail = message?.trim();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1" className="text-xl">
          We couldn&apos;t verify this link
        </CardTitle>
        <CardDescription>Nothing has changed on your account.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <AlertTitle>{detail || LINK_FALLBACK_MESSAGE}</AlertTitle>
          {detail && detail !== LINK_FALLBACK_MESSAGE && <AlertDescription>{LINK_FALLBACK_MESSAGE}</AlertDescription>}
        </Alert>
        <ReturnToSignIn variant="default" />
      </CardContent>
    </Card>
  );
}
