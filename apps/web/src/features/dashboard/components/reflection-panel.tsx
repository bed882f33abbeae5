import { Sparkles } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useDailyPrompt } from '../api/get-daily-prompt';
import { useReflections } from '../api/get-reflections';
import { PromptRating } from './prompt-rating';
import { RecentReflections } from './recent-reflections';
import { ReflectionForm } from './reflection-form';

interface ReflectionPanelProps {
  userId: string;
  /** The member's focus area; null when none is chosen. Undefined while the profile loads. */
  focusAreaId: string | null | undefined;
}

/** Today's reflection (FOUNDING-DESIGN §4): the prompt, a reflection, a rating and the latest five. */
export function ReflectionPanel({ userId, focusAreaId }: ReflectionPanelProps) {
  const prompt = useDailyPrompt(focusAreaId ?? null, focusAreaId !== undefined);
  const reflections = useReflections(userId);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Today&apos;s reflection</CardTitle>
        <CardDescription>A few quiet minutes with one good question.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {prompt.isPending ? (
          <div className="grid gap-2" aria-hidden="true">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-12" />
          </div>
        ) : prompt.data ? (
          <section aria-labelledby="daily-prompt-title" className="bg-secondary/60 grid gap-2 rounded-lg p-4">
            <h3 id="daily-prompt-title" className="flex items-center gap-2 font-semibold">
              <Sparkles aria-hidden="true" className="text-primary size-4" />
              {prompt.data.title}
            </h3>
            <p className="text-sm leading-relaxed">{prompt.data.prompt_text}</p>
          </section>
        ) : (
          <p className="text-muted-foreground text-sm">
            {prompt.isError
              ? 'We couldn’t load today’s prompt. You can still write whatever is on your mind.'
              : 'There’s no prompt for your focus area today. Write whatever is on your mind.'}
          </p>
        )}
        {prompt.data && <PromptRating key={prompt.data.id} userId={userId} promptId={prompt.data.id} />}
        <ReflectionForm userId={userId} prompt={prompt.data ?? null} />
        <div className="grid gap-3">
          <h3 className="font-semibold">Your latest reflections</h3>
          <RecentReflections reflections={reflections.data} failed={reflections.isError} />
        </div>
      </CardContent>
    </Card>
  );
}
