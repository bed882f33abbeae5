import { useEffect, useId } from 'react';
import { toast } from 'sonner';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CoachingToneDto, FocusAreaDto, ProfileDto, ProfileUpdateInput } from '@app/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUpdateProfile } from '../api/update-profile';
import { CoachingToneSelect } from './coaching-tone-select';
import { FocusAreaDropdown } from './focus-area-dropdown';
import { FullNameForm } from './full-name-form';

interface PreferencesCardProps {
  profile: ProfileDto;
  /** The catalogue's lists (the catalog feature's queries, composed by the route). */
  focusAreas: UseQueryResult<FocusAreaDto[]>;
  tones: UseQueryResult<CoachingToneDto[]>;
}

/** Name, focus area and coaching tone; each choice is saved at once (user-app §2 "Preferences card"). */
export function PreferencesCard({ profile, focusAreas, tones }: PreferencesCardProps) {
  const focusLabelId = useId();
  const toneLabelId = useId();
  const update = useUpdateProfile();

  useEffect(() => {
    if (focusAreas.isError) {
      toast.error('Error loading focus areas', { description: 'Failed to load focus options. Please try again.' });
    }
  }, [focusAreas.isError]);
  useEffect(() => {
    if (tones.isError) {
      toast.error('Error loading coaching tones', {
        description: 'Failed to load coaching options. Please try again.',
      });
    }
  }, [tones.isError]);

  const save = async (input: ProfileUpdateInput, description: string) => {
    try {
      await update.mutateAsync(input);
      toast.success('Profile Updated', { description });
      return true;
    } catch {
      toast.error('Error', { description: 'Failed to update profile' });
      return false;
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>These shape how your coach supports you. Changes are saved straight away.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <FullNameForm
          fullName={profile.full_name}
          onSave={(full_name) => save({ full_name }, 'Your name has been saved.')}
        />
        <div className="grid gap-2">
          <p id={focusLabelId} className="text-sm font-medium">
            Focus Area
          </p>
          <FocusAreaDropdown
            labelId={focusLabelId}
            focusAreas={focusAreas.data}
            loading={focusAreas.isPending}
            error={focusAreas.isError}
            value={profile.focus_area_id}
            saving={update.isPending}
            onChange={(focus_area_id) => {
              if (focus_area_id === profile.focus_area_id) return;
              const label = focusAreas.data?.find((a) => a.id === focus_area_id)?.label;
              void save({ focus_area_id }, label ? `Your focus is now ${label}.` : 'Your focus area has been saved.');
            }}
          />
        </div>
        <div className="grid gap-2">
          <p id={toneLabelId} className="text-sm font-medium">
            Coaching Tone
          </p>
          <CoachingToneSelect
            labelId={toneLabelId}
            tones={tones.data}
            loading={tones.isPending}
            error={tones.isError}
            value={profile.coaching_tone_id}
            saving={update.isPending}
            onChange={(coaching_tone_id) => {
              if (coaching_tone_id === profile.coaching_tone_id) return;
              const title = tones.data?.find((t) => t.id === coaching_tone_id)?.title;
              void save({ coaching_tone_id }, title ? `Coaching tone set to ${title}.` : 'Your tone has been saved.');
            }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
