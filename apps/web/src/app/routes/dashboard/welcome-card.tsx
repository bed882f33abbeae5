import { CreditCard, UserRound } from 'lucide-react';
import { Link } from '@/lib/app-navigation';
import { Illustration } from '@/components/illustrations/illustration';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Where the member's things live; the page's heading already greets them by name. */
export function WelcomeCard() {
  return (
    <Card className="bg-panel-dawn/70 border-transparent shadow-none">
      <CardHeader>
        <CardTitle>Your space</CardTitle>
        <CardDescription>This is your space: no noise, no pressure.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm leading-relaxed">
          When stress hits, your coach is a message away in your messaging app. Your focus, coaching tone and plan live
          here, whenever you want to adjust them.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/profile">
              <UserRound aria-hidden="true" />
              View Profile
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/subscription">
              <CreditCard aria-hidden="true" />
              Your Plan
            </Link>
          </Button>
        </div>
      </CardContent>
      {/* Fills the card's spare height beside the taller coach card with a quiet horizon. */}
      <Illustration name="onboarding-welcome" className="mt-auto hidden w-full max-w-xs self-center px-6 lg:block" />
    </Card>
  );
}
