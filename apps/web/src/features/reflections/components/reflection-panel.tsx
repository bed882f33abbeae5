import type { ReactNode } from 'react';
import type { StrategicPromptDto } from '@app/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useReflections } from '../api/get-reflections';
import { RecentReflections } from './recent-reflections';
import { ReflectionForm } from './reflection-form';

interface ReflectionPanelProps {
  /** What the new reflection answers: today's prompt, or null for a free reflection. */
  prompt: StrategicPromptDto | null;
  /** Shown above the form: the prompt itself and its rating (the prompts feature's, composed by the route). */
  promptSlot: ReactNode;
  /** After a reflection is saved, for figures owned elsewhere (the activity figures). */
  onSaved?: () => unknown;
}

/** Today's reflection (FOUNDING-DESIGN §4): the prompt, a reflection, a rating and the latest five. */
export function ReflectionPanel({ prompt, promptSlot, onSaved }: ReflectionPanelProps) {
  const reflections = useReflections();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Today&apos;s reflection</CardTitle>
        <CardDescription>A few quiet minutes with one good question.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {promptSlot}
        <ReflectionForm prompt={prompt} onSaved={onSaved} />
        <div className="grid gap-3">
          <h3 className="font-semibold">Your latest reflections</h3>
          <RecentReflections reflections={reflections.data} failed={reflections.isError} />
        </div>
      </CardContent>
    </Card>
  );
}
