import { BellRing } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useProgrammeSettings } from '../api/programme-settings';
import { ProgrammeSettingsForm } from './programme-settings-form';

/**
 * "Check-ins and reminders" on the profile (decision 058): what the coaching
 * programme sends the member, when, in which time zone, and a pause for all of it.
 */
export function ProgrammeSettingsCard() {
  const settings = useProgrammeSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing aria-hidden="true" className="text-primary size-5" />
          Check-ins and reminders
        </CardTitle>
        <CardDescription>
          Choose what your coach sends you, and when. It all arrives in your conversation: on WhatsApp when it&apos;s
          linked, otherwise in the chat on your dashboard.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-64 w-full" aria-label="Loading your check-ins and reminders" />
        ) : settings.isError ? (
          <p className="text-muted-foreground text-sm">
            Your check-ins and reminders aren&apos;t available just now. Please refresh the page to try again.
          </p>
        ) : (
          <ProgrammeSettingsForm initial={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}
