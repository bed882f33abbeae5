import { useId } from 'react';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { serverMessageOr } from '@/lib/api';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/member-notifications';

/**
 * "Reply mails" on the profile (decision 063): whether a reply left unseen is
 * followed by a short mail. The mail's own one-click link turns it off too.
 */
export function ReplyMailSettingsCard() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const switchId = useId();
  const hintId = useId();
  const on = save.isPending && save.variables ? save.variables.reply_mails : settings.data?.reply_mails;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailCheck aria-hidden="true" className="text-primary size-5" />
          Reply mails
        </CardTitle>
        <CardDescription>
          When your coach replies and you haven&apos;t seen it for a while, we can send you a short mail. It never
          includes what your coach wrote, and comes at most once every few hours.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-6 w-64" aria-label="Loading your reply mail setting" />
        ) : settings.isError ? (
          <p className="text-muted-foreground text-sm">
            This setting isn&apos;t available just now. Please refresh the page to try again.
          </p>
        ) : (
          <div className="flex items-start gap-3">
            <Switch
              id={switchId}
              aria-describedby={hintId}
              checked={Boolean(on)}
              disabled={save.isPending}
              onCheckedChange={(checked) =>
                save.mutate(
                  { reply_mails: checked },
                  {
                    onSuccess: () =>
                      toast.success(checked ? 'Reply mails on' : 'Reply mails off', {
                        description: checked
                          ? 'We will mail you when a reply waits unseen.'
                          : 'We will not mail you about replies.',
                      }),
                    onError: (error) =>
                      toast.error('Not saved', { description: serverMessageOr(error, 'Please try again.') }),
                  },
                )
              }
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <label htmlFor={switchId} className="text-sm font-medium">
                Mail me when a reply from my coach is waiting
              </label>
              <p id={hintId} className="text-muted-foreground text-sm">
                {on ? 'On: a short mail when a reply has waited unseen.' : 'Off: replies wait for you in your chat.'}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
