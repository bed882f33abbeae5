import { useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { CoachSettingsDto } from '@app/shared';
import { AdminPageHeader } from '@/components/layouts/admin-page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { serverMessageOr } from '@/lib/api';
import { useCoachSettings, useSetCoachMode } from '../api/coach-settings';
import { CoachModeForm, modeLabel } from './coach-mode-form';
import { KillSwitch } from './kill-switch';

const numberFormat = new Intl.NumberFormat('en-GB');
const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The AI coach's settings (admin only, decision 057): the global mode, the
 * kill switch, and what the server is configured with, so a coach knows who
 * is answering members and what it costs.
 */
export function CoachSettingsScreen() {
  const settings = useCoachSettings();
  const setMode = useSetCoachMode();

  useEffect(() => {
    if (settings.error) toast.error('Error', { description: 'Failed to load the AI coach settings' });
  }, [settings.error]);

  const save = (mode: CoachSettingsDto['mode']) =>
    setMode.mutate(mode, {
      onSuccess: (saved) => toast.success(`AI coach: ${modeLabel(saved.mode)}`),
      onError: (error) =>
        toast.error('Error', { description: serverMessageOr(error, 'Failed to change the AI coach mode') }),
    });

  return (
    <>
      <AdminPageHeader
        title="AI coach"
        description="Who answers members, and what the AI coach runs on. Every message is screened for risk whatever is chosen here."
      />
      {settings.isPending ? (
        <p role="status" className="text-muted-foreground flex items-center gap-2">
          <Spinner /> Loading the AI coach settings...
        </p>
      ) : !settings.data ? (
        <div className="grid justify-items-start gap-3">
          <p className="text-muted-foreground">The settings could not be loaded.</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid max-w-3xl gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Mode</CardTitle>
              <CardDescription>{lastChanged(settings.data)}</CardDescription>
            </CardHeader>
            <CardContent>
              {/* Keyed by the saved mode: a change saved here or by the kill switch resets the choice. */}
              <CoachModeForm
                key={settings.data.mode}
                mode={settings.data.mode}
                saving={setMode.isPending}
                onSave={save}
              />
            </CardContent>
          </Card>
          <Card className="border-destructive/30">
            <CardHeader>
              <CardTitle>Kill switch</CardTitle>
              <CardDescription>
                Stops every AI reply at once. Use it if the AI says something it should not.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid">
              <KillSwitch off={settings.data.mode === 'off'} busy={setMode.isPending} onTurnOff={() => save('off')} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>What it runs on</CardTitle>
              <CardDescription>Set in the server’s configuration (COACH_* variables).</CardDescription>
            </CardHeader>
            <CardContent>
              <ConfigurationList settings={settings.data} />
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}

function lastChanged(settings: CoachSettingsDto): string {
  if (!settings.updated_at) return 'Never changed here: the server’s default mode applies.';
  const when = dateFormat.format(new Date(settings.updated_at));
  return `Last changed ${settings.updated_by_name ? `by ${settings.updated_by_name} ` : ''}on ${when}.`;
}

function ConfigurationList({ settings }: { settings: CoachSettingsDto }) {
  const budget = settings.month_token_budget;
  const percent = budget > 0 ? Math.min(100, Math.round((settings.month_tokens_used / budget) * 100)) : 0;
  return (
    <dl className="grid gap-4 text-sm">
      <Row term="Language model">
        {settings.model_configured ? 'Configured' : 'Scripted coach (no language model configured)'}
      </Row>
      <Row term="Voice notes">
        {settings.transcription_configured
          ? 'Transcribed, then screened and answered like text'
          : 'Not transcribed: voice notes go to a person'}
      </Row>
      <Row term="Outside automation">
        {settings.external_automation
          ? 'Connected: member messages are sent to it, and it may answer'
          : 'Not connected'}
      </Row>
      <Row term="Model use this month">
        <span className="grid gap-2">
          <span>
            {numberFormat.format(settings.month_tokens_used)} of {numberFormat.format(budget)} tokens
            {budget > 0 && ` (${percent}%)`}
          </span>
          {budget > 0 && <Progress value={percent} aria-label="Model use this month" className="max-w-xs" />}
        </span>
      </Row>
    </dl>
  );
}

/** One term and its value: stacked on a phone, side by side from 640 px. */
function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[11rem_1fr] sm:gap-4">
      <dt className="font-medium">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
