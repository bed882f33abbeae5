import { FlaskConical } from 'lucide-react';
import { LOCAL_TEST_CARDS } from '@app/shared';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The local payment provider's pages say plainly that nothing real happens on them. */
export function TestModeBanner({ cards = false }: { cards?: boolean }) {
  return (
    <Alert className="border-amber-300 bg-amber-50 text-amber-950">
      <FlaskConical aria-hidden="true" />
      <AlertTitle>TEST MODE</AlertTitle>
      <AlertDescription className="text-amber-900">
        <p>This is Calm Space&apos;s built-in test payment provider. No real payment is taken.</p>
        {cards && (
          <p>
            Card <span className="font-mono">{spaced(LOCAL_TEST_CARDS.success)}</span> succeeds;{' '}
            <span className="font-mono">{spaced(LOCAL_TEST_CARDS.declined)}</span> is declined. Any future expiry date
            and any 3-digit CVC.
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}
