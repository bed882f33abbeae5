import { Link } from '@/lib/app-navigation';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

/** What the dashboard shows without a session (docs/product.md#dashboard). */
export function SignedOutPrompt() {
  return (
    <div className="flex min-h-dvh items-center justify-center p-4">
      <Card className="w-full max-w-sm text-center">
        <CardHeader>
          <CardTitle as="h1">Please sign in to access your dashboard</CardTitle>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full">
            <Link to="/auth">Sign In</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
