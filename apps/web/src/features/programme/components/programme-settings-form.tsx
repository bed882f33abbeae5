import { useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { IsoWeekday, ProgrammeSettingsDto } from '@app/shared';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { serverMessageOr } from '@/lib/api-request';
import { useFocusFirstInvalid } from '@/lib/focus-first-invalid';
import { showServerFieldErrors } from '@/lib/server-field-errors';
import { useSaveProgrammeSettings } from '../api/programme-settings';
import { SETTINGS_FIELDS, settingsErrors, type SettingsErrors } from '../lib/settings-errors';
import { browserTimeZone, knownTimeZones } from '../lib/time-zones';
import { WEEKDAYS } from '../lib/weekdays';
import { KindSection } from './kind-section';
import { TimeField } from './time-field';
import { TimeZoneField } from './time-zone-field';
import { WeekdayToggles } from './weekday-toggles';

/** Nothing opted into yet: the settings are the defaults, and their time zone was never the member's choice. */
const nothingChosen = (s: ProgrammeSettingsDto) =>
  !s.checkins_enabled && !s.step_reminders_enabled && !s.summaries_enabled && !s.paused;

/** The device's zone, when the member has not chosen one yet and the list knows it. */
function suggestedZone(initial: ProgrammeSettingsDto, zones: readonly string[]): string | null {
  const zone = browserTimeZone();
  if (!zone || !nothingChosen(initial) || zone === initial.time_zone) return null;
  return zones.length === 0 || zones.includes(zone) ? zone : null;
}

function savedMessage(saved: ProgrammeSettingsDto): string {
  if (saved.paused) return 'Everything is paused. Nothing will be sent until you turn it back on.';
  if (nothingChosen(saved)) return 'Nothing will be sent. You can turn anything on here whenever you like.';
  return 'Your check-ins and reminders are set.';
}

/**
 * The settings as one form with one Save: checked here first (each message
 * under its field, focus on the first), then by the server, whose per-field
 * messages land in the same places. A failed save keeps everything as typed.
 */
export function ProgrammeSettingsForm({ initial }: { initial: ProgrammeSettingsDto }) {
  const id = useId();
  const zones = useMemo(knownTimeZones, []);
  const [suggested, setSuggested] = useState(() => suggestedZone(initial, zones) !== null);
  const [draft, setDraft] = useState<ProgrammeSettingsDto>(() => ({
    ...initial,
    time_zone: suggestedZone(initial, zones) ?? initial.time_zone,
  }));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [checked, setChecked] = useState(false);
  const [submitCount, setSubmitCount] = useState(0);
  const save = useSaveProgrammeSettings();
  const formRef = useFocusFirstInvalid({ formState: { submitCount, isSubmitting: save.isPending, errors } });

  // After the first Save, each change re-checks the form, so a message goes as soon as it is put right.
  const update = (patch: Partial<ProgrammeSettingsDto>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    if (checked) setErrors(settingsErrors(next, zones));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const found = settingsErrors(draft, zones);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setSubmitCount((n) => n + 1);
      return;
    }
    save.mutate(
      { ...draft, time_zone: draft.time_zone.trim() },
      {
        onSuccess: (saved) => {
          setDraft(saved);
          setSuggested(false);
          toast.success('Saved', { description: savedMessage(saved) });
        },
        onError: (error) => {
          const fromServer: SettingsErrors = {};
          const placed = showServerFieldErrors<SettingsErrors>(
            error,
            (field, { message }) => (fromServer[field] = message),
            SETTINGS_FIELDS,
          );
          if (placed) setErrors(fromServer);
          toast.error('Not saved', {
            description: placed
              ? 'Please check the highlighted fields. Everything you chose is still here.'
              : serverMessageOr(
                  error,
                  'Your changes could not be saved. Everything you chose is still here: please try again.',
                ),
          });
        },
        onSettled: () => setSubmitCount((n) => n + 1),
      },
    );
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="grid gap-5">
      <TimeZoneField
        value={draft.time_zone}
        onChange={(time_zone) => {
          setSuggested(false);
          update({ time_zone });
        }}
        zones={zones}
        error={errors.time_zone}
        suggested={suggested}
      />

      <KindSection
        title="Check-ins"
        description="One quick question: how stressed are you right now, from 0 to 10? Your answers make the chart on your dashboard."
        checked={draft.checkins_enabled}
        onCheckedChange={(checkins_enabled) => update({ checkins_enabled })}
      >
        <TimeField
          label="Check-in time"
          value={draft.checkin_time}
          onChange={(checkin_time) => update({ checkin_time })}
          error={errors.checkin_time}
        />
        <WeekdayToggles
          legend="On these days"
          value={draft.checkin_days}
          onChange={(checkin_days) => update({ checkin_days })}
          error={errors.checkin_days}
          errorId={`${id}-days-error`}
        />
      </KindSection>

      <KindSection
        title="Step reminders"
        description="A gentle nudge about the small step you're working on."
        checked={draft.step_reminders_enabled}
        onCheckedChange={(step_reminders_enabled) => update({ step_reminders_enabled })}
      >
        <TimeField
          label="Reminder time"
          value={draft.step_reminder_time}
          onChange={(step_reminder_time) => update({ step_reminder_time })}
          error={errors.step_reminder_time}
        />
      </KindSection>

      <KindSection
        title="Weekly summaries"
        description="A short look back at your week: your check-ins, the steps you took and one thing to try next."
        checked={draft.summaries_enabled}
        onCheckedChange={(summaries_enabled) => update({ summaries_enabled })}
      >
        <div className="flex flex-wrap gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-summary-day`}>Summary day</Label>
            <Select
              value={String(draft.summary_day)}
              onValueChange={(day) => update({ summary_day: Number(day) as IsoWeekday })}
            >
              <SelectTrigger id={`${id}-summary-day`} className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {WEEKDAYS.map(({ day, name }) => (
                  <SelectItem key={day} value={String(day)}>
                    {name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <TimeField
            label="Summary time"
            value={draft.summary_time}
            onChange={(summary_time) => update({ summary_time })}
            error={errors.summary_time}
          />
        </div>
      </KindSection>

      <div role="group" aria-labelledby={`${id}-quiet`} className="grid gap-3 rounded-xl border p-4">
        <div className="grid gap-1">
          <p id={`${id}-quiet`} className="text-base font-medium">
            Quiet hours
          </p>
          <p className="text-muted-foreground text-sm">
            Nothing is sent between these times. Set both to the same time if you don&apos;t want quiet hours.
          </p>
        </div>
        <div className="flex flex-wrap gap-4">
          <TimeField
            label="From"
            value={draft.quiet_start}
            onChange={(quiet_start) => update({ quiet_start })}
            error={errors.quiet_start}
          />
          <TimeField
            label="Until"
            value={draft.quiet_end}
            onChange={(quiet_end) => update({ quiet_end })}
            error={errors.quiet_end}
          />
        </div>
      </div>

      <div className="grid gap-4 rounded-xl border p-4">
        <SwitchRow
          id={`${id}-mail`}
          label="Email me when something is waiting"
          description="Only if your WhatsApp isn't linked: a short email when a check-in or reminder is waiting in your chat."
          checked={draft.mail_nudges}
          onCheckedChange={(mail_nudges) => update({ mail_nudges })}
        />
        <SwitchRow
          id={`${id}-pause`}
          label="Pause everything"
          description="Taking a break? Nothing is sent while this is on, and your choices stay as they are."
          checked={draft.paused}
          onCheckedChange={(paused) => update({ paused })}
        />
      </div>

      <Button type="submit" busy={save.isPending} className="justify-self-start">
        Save
      </Button>
    </form>
  );
}

function SwitchRow(props: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  onCheckedChange(checked: boolean): void;
}) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-description`} className="text-muted-foreground text-sm">
          {props.description}
        </p>
      </div>
      <Switch
        id={props.id}
        checked={props.checked}
        onCheckedChange={props.onCheckedChange}
        aria-describedby={`${props.id}-description`}
        className="mt-0.5"
      />
    </div>
  );
}
